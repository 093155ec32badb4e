import { vi } from 'vitest';

export type RecordedRequest = { method: string; path: string; body: unknown };

type Reply = { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;
type Handler = (request: RecordedRequest) => Reply | undefined;

/**
 * Replaces fetch with an in-memory API: each handler may answer a request (first match wins);
 * unanswered requests get 404 so a missing handler fails loudly. Every request is recorded.
 */
export function installFakeApi(...handlers: Handler[]) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    for (const handler of handlers) {
      const reply = await handler(request);
      if (reply) {
        const status = reply.status ?? 200;
        if (status === 204) return new Response(null, { status });
        return new Response(JSON.stringify(reply.body ?? {}), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      }
    }
    return new Response(`no fake for ${request.method} ${request.path}`, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** The writes only (reads are refetches and not what a test asserts on). */
    writes: () => requests.filter((request) => request.method !== 'GET'),
  };
}

/** A handler answering one method and path (an exact path, or a RegExp). */
export function on(
  method: string,
  path: string | RegExp,
  reply: (request: RecordedRequest) => Reply,
): Handler {
  return (request) => {
    if (request.method !== method) return undefined;
    const matches = typeof path === 'string' ? request.path === path : path.test(request.path);
    return matches ? reply(request) : undefined;
  };
}

/** A promise the test resolves when it wants the fake server to answer (to observe pending states). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
