import { mkdir } from 'node:fs/promises';
import type { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { type DataDirLock, lockDataDir } from './data-dir-lock';
import {
  type EmbeddedThread,
  type EmbeddedTransaction,
  openEmbeddedThread,
  type ThreadActivity,
} from './embedded-thread';
import { startEmbeddedWorker } from './embedded-worker-start';
import { createDataDirApart } from './pglite-first-start';

/** The embedded database of a data directory, open in its own thread, and the directory's lock. */
export type OpenDataDir = { thread: EmbeddedThread; lock: DataDirLock };

/**
 * Locks `dataDir` (made when missing), creates a database in it when it holds none, and opens it in a
 * thread of its own: `worker` when the server's entry started it already, otherwise one started here,
 * which boots while the directory is locked (src/server/main.ts,
 * docs/decisions/034-start-without-rebuilding.md).
 */
export async function openDataDir(
  dataDir: string,
  onLockLost?: () => void,
  worker: Worker = startEmbeddedWorker(),
): Promise<OpenDataDir> {
  let lock: DataDirLock | undefined;
  try {
    await mkdir(dataDir, { recursive: true });
    // One process per directory: a second one would silently lose what either acknowledged.
    lock = await lockDataDir(dataDir, { onLost: onLockLost });
    await createDataDirApart(dataDir);
    // PGlite opens there in a thread of its own, so that its statements never hold the server's
    // (docs/decisions/040-embedded-database-thread.md).
    return { thread: await openEmbeddedThread(dataDir, worker), lock };
  } catch (error) {
    lock?.release();
    await worker.terminate();
    throw error;
  }
}

/**
 * The embedded database while its data directory opens: usable at once, its statements wait for the
 * opening and are sent in the order they were asked. The server builds its app meanwhile instead of
 * after (docs/decisions/034-start-without-rebuilding.md). When the opening fails, every statement
 * fails with its error; closing closes the thread and releases the lock.
 */
export class OpeningDataDir implements EmbeddedThread {
  readonly #opening: Promise<OpenDataDir>;
  #open: OpenDataDir | undefined;
  #failed = false;

  constructor(opening: Promise<OpenDataDir>) {
    this.#opening = opening;
    // The first reaction to the opening, so every statement asked after it is sent straight away.
    opening.then(
      (open) => {
        this.#open = open;
      },
      () => {
        this.#failed = true;
      },
    );
  }

  /** Resolves once the database is open; rejects with why it cannot be. */
  opened(): Promise<void> {
    return this.#opening.then(() => undefined);
  }

  #use<T>(call: (thread: EmbeddedThread) => Promise<T>): Promise<T> {
    return this.#open ? call(this.#open.thread) : this.#opening.then(({ thread }) => call(thread));
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#use((thread) => thread.query<T>(text, params, options));
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.#use((thread) => thread.exec(text, options));
  }

  transaction<T>(work: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
    return this.#use((thread) => thread.transaction(work));
  }

  activity(boundMs: number): ThreadActivity {
    if (this.#open) return this.#open.thread.activity(boundMs);
    return this.#failed ? 'stopped' : 'busy';
  }

  quiet(boundMs: number): Promise<void> {
    if (this.#open) return this.#open.thread.quiet(boundMs);
    // Opening is the database's work until it ends: the whole bound, as for a busy thread.
    return new Promise((resolve) => setTimeout(resolve, boundMs));
  }

  close(): Promise<void> {
    // An opening that failed released the lock itself (openDataDir above).
    return this.#opening.then(
      async ({ thread, lock }) => {
        try {
          await thread.close();
        } finally {
          lock.release();
        }
      },
      () => undefined,
    );
  }
}
