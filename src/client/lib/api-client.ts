import {
  type AnyCallInput,
  type Call,
  type CallInput,
  type CallOutput,
  type Method,
  type NeedsInput,
  pathOf,
} from '#shared/api/contract';
import { errorOfAnswer } from './api-error';
import { reportAnswer, reportNoAnswer, retryAfterOf } from './connectivity';
import { takeEarlyRequest } from './early-requests';
import { sendOrKeep } from './outbox';
import { requestInit } from './request-init';

export type CallOptions = {
  /** Sent as the page goes away: the request outlives it (lib/held-back.ts). */
  keepalive?: boolean;
};

export type ApiRequestOptions = CallOptions & { body?: unknown };

/** A call that may wait offline answers nothing (undefined) while it waits (lib/outbox.ts). */
export type CallAnswer<C extends Call> = C['offline'] extends object
  ? CallOutput<C> | undefined
  : CallOutput<C>;

export type CallArgs<C extends Call> =
  NeedsInput<C> extends true
    ? [input: CallInput<C>, options?: CallOptions]
    : [input?: CallInput<C>, options?: CallOptions];

/**
 * A call of the API's contract (src/shared/api/contract.ts): its path filled in from `input`, its answer
 * typed by the contract's output schema. Answers are not parsed on the way: the server writes them from
 * the same schemas (docs/decisions/029-api-contract.md).
 */
export function callApi<C extends Call>(
  call: C,
  ...args: NoInfer<CallArgs<C>>
): Promise<NoInfer<CallAnswer<C>>> {
  const [input = {}, options = {}] = args as [AnyCallInput?, CallOptions?];
  const path = pathOf(call, input);
  const request = { ...options, body: input.body };
  // A change its call says may wait is kept while Stride cannot be reached, and answers nothing
  // (undefined) until it is sent (lib/outbox.ts, docs/product.md#connectivity).
  const label = call.offline?.(input.body as never);
  if (label === undefined) return apiRequest(call.method, path, request);
  const change = { method: call.method, path, body: input.body, label };
  return sendOrKeep(change, () => apiRequest(call.method, path, request)) as Promise<CallAnswer<C>>;
}

/**
 * The one fetch wrapper: sends credentials and the browser's time zone, sends JSON only when a body
 * is given, raises ApiError on non-OK answers, and answers the body typed `T`. Screens call it through
 * callApi, which types it from the contract; the outbox replays what it kept by method and path, and a
 * generic read GETs its key's path (lib/query-client.ts).
 */
export async function apiRequest<T = unknown>(
  method: Method,
  path: string,
  options: ApiRequestOptions = {},
): Promise<T> {
  let response: Response;
  try {
    response = await ((method === 'GET' && takeEarlyRequest(path)) ||
      fetch(path, requestInit(method, options.body, options.keepalive)));
  } catch (error) {
    reportNoAnswer();
    throw error;
  }
  const retryAfterSeconds = retryAfterOf(response);
  reportAnswer(response.status, retryAfterSeconds);
  if (!response.ok) {
    throw errorOfAnswer(response, await response.text(), retryAfterSeconds);
  }
  if (response.status === 204) return undefined as T;
  // The server writes every answer from the shared schemas and its tests check the shapes
  // (tests/server/answer-shapes.test.ts); the type says what it is, and zod stays off the first load
  // (docs/decisions/010-first-load-weight.md).
  return (await response.json()) as T;
}
