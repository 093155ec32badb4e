import type { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { READY_ID, type Reply, type Request, rebuiltError } from './embedded-thread-protocol';
import { startEmbeddedWorker } from './embedded-worker-start';
import { nextTurn } from './next-turn';
import { noteThreadFsyncs } from './pglite-durability';

/*
 * The embedded database in a thread of its own (docs/decisions/040-embedded-database-thread.md). PGlite
 * runs each statement synchronously on the thread that calls it: an import's deciding transaction, a
 * checkpoint or a vacuum froze the server's event loop, and nobody was answered meanwhile. On a data
 * directory it now runs in a worker thread (db/embedded-database-worker.ts), and the server talks to it
 * through the part of PGlite's interface that drizzle and this server use.
 */

/** A transaction's statements, as drizzle (drizzle-orm/pglite) and db/statements.ts use them. */
export type EmbeddedTransaction = Pick<Transaction, 'query' | 'exec' | 'rollback' | 'closed'>;

/** What the server needs of the embedded database; an in-process PGlite (tests) has it too. */
export interface EmbeddedClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(work: (tx: EmbeddedTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * What the thread is doing, for the health check (modules/health/health.repo.ts): nothing asked of it;
 * busy with statements and answering within the bound; silent past it with statements waiting; stopped.
 */
export type ThreadActivity = 'idle' | 'busy' | 'stuck' | 'stopped';

export interface EmbeddedThread extends EmbeddedClient {
  /** `boundMs`: how long the thread may go without answering while statements wait before it counts as stuck. */
  activity(boundMs: number): ThreadActivity;
  /**
   * Resolves once no statement waits on the thread, seen a turn of the event loop after an answer (so a
   * request between two of its statements has sent the next), or after `boundMs` at most.
   */
  quiet(boundMs: number): Promise<void>;
}

/**
 * Raised for every call once the thread has stopped without being closed. Its code is PostgreSQL's
 * crash_shutdown, so db/database-errors.ts calls it 'unavailable' and the request answers 503.
 */
export class EmbeddedThreadStopped extends Error {
  readonly code = '57P02';
  constructor(why: string) {
    super(`The embedded database's thread stopped (${why})`);
    this.name = 'EmbeddedThreadStopped';
  }
}

/**
 * How long closing waits for the thread to finish what it runs and close PGlite cleanly before it stops
 * the thread as a crash would: a statement that never ends must not keep a stopping server up for ever.
 * Every acknowledged write is in the WAL, from which the next start recovers.
 */
export const CLOSE_WITHIN_MS = 10_000;

/** A parser that gives back the text it was handed: the only kind that can be applied in the thread. */
function keepsText(parser: unknown): boolean {
  const probe = '2026-11-27 23:59:59.999+00';
  return (
    typeof parser === 'function' && (parser as (value: string, type: number) => unknown)(probe, 0) === probe
  );
}

/** A query's options as a message can carry them. */
function wireOptions(
  options: QueryOptions | undefined,
): Pick<Extract<Request, { op: 'query' }>, 'rowMode' | 'textTypes' | 'paramTypes'> {
  if (!options) return {};
  if (options.serializers || options.blob || options.onNotice) {
    throw new Error('the embedded database thread takes no serializers, blob or notice callback');
  }
  const parsers = Object.entries(options.parsers ?? {});
  if (!parsers.every(([, parser]) => keepsText(parser))) {
    throw new Error('the embedded database thread applies only parsers that keep PostgreSQL text');
  }
  return {
    rowMode: options.rowMode,
    textTypes: parsers.length > 0 ? parsers.map(([type]) => Number(type)) : undefined,
    paramTypes: options.paramTypes,
  };
}

type Waiting = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Body = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

class ThreadClient implements EmbeddedThread {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, Waiting>();
  #nextId = READY_ID + 1;
  #openTransactions = 0;
  /** The thread's count of fsyncs at its last answer (db/pglite-durability.ts counts them all). */
  #fsyncs = 0;
  /** When the thread last answered, and when it last went from idle to busy (performance.now()). */
  #answeredAt = performance.now();
  #busySince = performance.now();
  /** Set once the thread has stopped or been closed: every later call fails with it. */
  #stopped: Error | undefined;
  #closing: Promise<void> | undefined;
  /** Woken at each answer: heavy work waiting for the thread to be quiet. */
  #answerWaiters: Array<() => void> = [];

  readonly #closeWithinMs: number;

  constructor(worker: Worker, closeWithinMs: number) {
    this.#worker = worker;
    this.#closeWithinMs = closeWithinMs;
    worker.on('message', (reply: Reply) => this.#answer(reply));
    worker.on('error', (error) => this.#stop(new EmbeddedThreadStopped(error.message)));
    worker.on('exit', (code) =>
      this.#stop(
        this.#closing ? new Error('PGlite is closed') : new EmbeddedThreadStopped(`exit code ${code}`),
      ),
    );
  }

  /** Asks the thread to open `dataDir`; resolves once the database is open (or rejects with why not). */
  open(dataDir: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#wait(READY_ID, { resolve: () => resolve(), reject });
      this.#worker.postMessage({ id: READY_ID, op: 'open', dataDir } satisfies Request);
    });
  }

  #busy(): boolean {
    return this.#waiting.size > 0 || this.#openTransactions > 0;
  }

  #wait(id: number, waiting: Waiting): void {
    // From no statement waiting to one, even inside an open transaction (a transaction counts as busy
    // before its first statement is sent): the quiet time health reads starts here, not at the last
    // answer, which may be long ago.
    if (this.#waiting.size === 0) this.#busySince = performance.now();
    // The thread keeps the process alive only while something waits on it, as an open socket would:
    // an idle database must not stop a process that is done from ending. Every wait holds it, so a
    // process with nothing else to wait on (no listening socket yet) lives through its statements.
    this.#worker.ref();
    this.#waiting.set(id, waiting);
  }

  #settled(): void {
    if (!this.#busy()) this.#worker.unref();
  }

  #answer(reply: Reply): void {
    noteThreadFsyncs(reply.fsyncs - this.#fsyncs);
    this.#fsyncs = reply.fsyncs;
    this.#answeredAt = performance.now();
    const waiting = this.#waiting.get(reply.id);
    this.#waiting.delete(reply.id);
    this.#settled();
    for (const wake of this.#answerWaiters.splice(0)) wake();
    if (!waiting) return;
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(rebuiltError(reply.error));
  }

  #stop(error: Error): void {
    this.#stopped ??= error;
    const waiting = [...this.#waiting.values()];
    this.#waiting.clear();
    for (const each of waiting) each.reject(this.#stopped);
    this.#worker.unref();
  }

  #call(body: Body): Promise<unknown> {
    return this.#send(body).answered;
  }

  /** Sends `body`; its id is known at once, before the answer. */
  #send(body: Body): { id: number; answered: Promise<unknown> } {
    if (this.#stopped) return { id: -1, answered: Promise.reject(this.#stopped) };
    const id = this.#nextId++;
    const answered = new Promise((resolve, reject) => {
      this.#wait(id, { resolve, reject });
      try {
        this.#worker.postMessage({ ...body, id });
      } catch (error) {
        // A value structured clone cannot carry (a function, a class instance's methods).
        this.#waiting.delete(id);
        this.#settled();
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    return { id, answered };
  }

  #query<T>(text: string, params: unknown[] | undefined, options: QueryOptions | undefined, tx?: number) {
    return this.#call({ op: 'query', text, params, ...wireOptions(options), tx }) as Promise<Results<T>>;
  }

  #exec(text: string, options: QueryOptions | undefined, tx?: number) {
    return this.#call({ op: 'exec', text, rowMode: wireOptions(options).rowMode, tx }) as Promise<Results[]>;
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(text, params, options);
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(text, options);
  }

  /**
   * Runs `work` in one transaction: its statements go to the thread one by one, and everything else
   * waits in PGlite's queue until it ends. A throw rolls it back and is thrown again as it was.
   *
   * The first statement goes without waiting for the answer to the begin, which the thread numbers by
   * the begin's id: a round trip fewer a transaction, each a turn of two busy event loops. A begin that
   * fails fails the statements that waited for it and the end, and so reaches the caller.
   */
  async transaction<T>(work: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
    if (this.#stopped) throw this.#stopped;
    this.#openTransactions += 1;
    try {
      const { id, answered: begun } = this.#send({ op: 'begin' });
      begun.catch(() => undefined);
      let closed = false;
      const tx: EmbeddedTransaction = {
        query: <R>(text: string, params?: unknown[], options?: QueryOptions) =>
          this.#query<R>(text, params, options, id),
        exec: (text: string, options?: QueryOptions) => this.#exec(text, options, id),
        rollback: async () => {
          await this.#call({ op: 'rollback', tx: id });
          closed = true;
        },
        get closed() {
          return closed;
        },
      };
      let result: T;
      try {
        result = await work(tx);
      } catch (error) {
        closed = true;
        // The work's own error is the one that matters; a rollback that fails loses nothing more.
        await this.#call({ op: 'end', tx: id, commit: false }).catch(() => undefined);
        throw error;
      }
      closed = true;
      await this.#call({ op: 'end', tx: id, commit: true });
      return result;
    } finally {
      this.#openTransactions -= 1;
      this.#settled();
    }
  }

  activity(boundMs: number): ThreadActivity {
    if (this.#stopped) return 'stopped';
    if (!this.#busy()) return 'idle';
    const quietMs = performance.now() - Math.max(this.#answeredAt, this.#busySince);
    return quietMs < boundMs ? 'busy' : 'stuck';
  }

  async quiet(boundMs: number): Promise<void> {
    const until = performance.now() + boundMs;
    await nextTurn();
    while (this.#waiting.size > 0 && !this.#stopped) {
      const left = until - performance.now();
      if (left <= 0) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await new Promise<void>((resolve) => {
        this.#answerWaiters.push(resolve);
        timer = setTimeout(resolve, left);
      });
      clearTimeout(timer);
      await nextTurn();
    }
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      if (this.#stopped) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new Error(
                `The embedded database did not close within ${this.#closeWithinMs} ms, so its thread was stopped`,
              ),
            ),
          this.#closeWithinMs,
        );
      });
      try {
        await Promise.race([this.#call({ op: 'close' }), late]);
      } finally {
        clearTimeout(timer);
        await this.#worker.terminate();
      }
    })();
    return this.#closing;
  }
}

/**
 * Opens the embedded database in `dataDir` (which must exist and be locked) in a thread of its own: one
 * started already (db/embedded-worker-start.ts) or a new one. Tests pass the worker in, to stop it as
 * a crash would, and a shorter bound for closing.
 */
export async function openEmbeddedThread(
  dataDir: string,
  worker: Worker = startEmbeddedWorker(),
  { closeWithinMs = CLOSE_WITHIN_MS }: { closeWithinMs?: number } = {},
): Promise<EmbeddedThread> {
  const client = new ThreadClient(worker, closeWithinMs);
  try {
    await client.open(dataDir);
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  return client;
}
