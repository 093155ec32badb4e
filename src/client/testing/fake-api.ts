import Ajv, { type ValidateFunction } from 'ajv';
import { vi } from 'vitest';
import { z } from 'zod';
import { ErrorBodySchema } from '#shared/api/common';
import { findCall } from '#shared/api/contract';
import { isSchemaName, schemaNamed } from '#shared/api/named-schemas';

/** One call the client made, as the server would see it. */
export type RecordedRequest = {
  method: string;
  /** Path and query, e.g. `/api/goals?showArchived=true`. */
  path: string;
  /** The parsed JSON body, or undefined when none was sent. */
  body: unknown;
};

/**
 * A handler's answer: a status (200 by default) with a JSON body, or a ready Response for what JSON
 * cannot say (a text body, an empty body with a status text, a header).
 */
export type Reply = { status?: number; body?: unknown } | Response;
export type Handler = (request: RecordedRequest) => Reply | Promise<Reply> | undefined;

export type FakeApi = {
  /** Every call, in the order made. */
  requests: RecordedRequest[];
  /** The writes only (reads are refetches and not what a test asserts on). */
  writes: () => RecordedRequest[];
  /** The paths called, in order. */
  paths: () => string[];
};

function toResponse(reply: Reply): Response {
  if (reply instanceof Response) return reply;
  const status = reply.status ?? 200;
  if (status === 204) return new Response(null, { status });
  return new Response(JSON.stringify(reply.body ?? {}), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
const exactShapes = new Map<z.ZodType, ValidateFunction>();

/** What is wrong with `body` for `schema`: zod's rules, and no property the schema does not list. */
function mismatch(schema: z.ZodType, body: unknown): string | undefined {
  const parsed = schema.safeParse(body);
  if (!parsed.success) return z.prettifyError(parsed.error);
  let exact = exactShapes.get(schema);
  if (!exact) {
    exact = ajv.compile(z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }));
    exactShapes.set(schema, exact);
  }
  return exact(body) ? undefined : ajv.errorsText(exact.errors);
}

/**
 * Why the server could not have given this answer to this request, by the API's contract
 * (src/shared/api/contract.ts): undefined when it could. An error that is not JSON (a proxy's page, an
 * empty answer) is not the server's own and is let through.
 */
async function contractBreach(request: RecordedRequest, response: Response): Promise<string | undefined> {
  const found = findCall(request.method, request.path);
  if (!found) return 'the contract has no such call';
  const { call } = found;
  const text = await response.clone().text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    return response.ok && isSchemaName(call.output) ? `the answer is not JSON: ${text}` : undefined;
  }
  if (!response.ok) {
    if (body === undefined) return undefined;
    const schema = response.status === 503 && call.output503 ? schemaNamed(call.output503) : ErrorBodySchema;
    return mismatch(schema, body);
  }
  if (call.output === null)
    return response.status === 204 ? undefined : `it answers 204, not ${response.status}`;
  if (!isSchemaName(call.output)) return undefined;
  const statuses = call.creates ? [200, 201] : [200];
  if (!statuses.includes(response.status))
    return `it answers ${statuses.join(' or ')}, not ${response.status}`;
  return mismatch(schemaNamed(call.output), body);
}

/**
 * The one fetch fake of the client tests: replaces the global fetch with an in-memory API. Each
 * handler may answer a request (first match wins). A request no handler answers gets a 404, and an
 * answer the server could not give by the API's contract (a body its output schema does not accept,
 * exactly, a wrong status, a call the contract does not have) is passed on as it is; both are reported
 * with console.error, which fails the test (testing/setup.ts), so neither passes quietly. The setup file
 * also puts the real fetch back after every test.
 */
export function installFakeApi(...handlers: Handler[]): FakeApi {
  const requests: RecordedRequest[] = [];
  const fake = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    for (const handler of handlers) {
      const reply = await handler(request);
      if (!reply) continue;
      const response = toResponse(reply);
      const breach = await contractBreach(request, response);
      if (breach)
        console.error(`the fake answer to ${request.method} ${request.path} breaks the contract: ${breach}`);
      return response;
    }
    console.error(`no fake for ${request.method} ${request.path}`);
    return new Response(`no fake for ${request.method} ${request.path}`, { status: 404 });
  };
  vi.stubGlobal('fetch', vi.fn(fake));
  return {
    requests,
    writes: () => requests.filter((request) => request.method !== 'GET'),
    paths: () => requests.map((request) => request.path),
  };
}

/** A handler answering one method and path (an exact path with its query, or a RegExp). */
export function on(
  method: string,
  path: string | RegExp,
  reply: (request: RecordedRequest) => Reply | Promise<Reply>,
): Handler {
  return (request) => {
    if (request.method !== method) return undefined;
    const matches = typeof path === 'string' ? request.path === path : path.test(request.path);
    return matches ? reply(request) : undefined;
  };
}

/** A handler answering every request (for tests about the transport rather than one endpoint). */
export function always(reply: (request: RecordedRequest) => Reply | Promise<Reply>): Handler {
  return (request) => reply(request);
}

/** A promise the test resolves when it wants the fake server to answer (to observe pending states). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
