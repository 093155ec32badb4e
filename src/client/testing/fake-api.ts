import { vi } from 'vitest';

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

/**
 * The one fetch fake of the client tests: replaces the global fetch with an in-memory API. Each
 * handler may answer a request (first match wins). A request no handler answers gets a 404 and is
 * reported with console.error, which fails the test (testing/setup.ts), so a missing handler never
 * passes quietly. The setup file also puts the real fetch back after every test. Answers go through the real api-client, which parses them with the shared schemas, so a
 * fake answer of the wrong shape fails like a wrong server answer would.
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
      if (reply) return toResponse(reply);
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
