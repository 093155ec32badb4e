import { fsyncSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

/*
 * Durable commits for the embedded database (docs/decisions/012-embedded-durability.md).
 *
 * PGlite starts PostgreSQL with `-F` (fsync off), and its Node filesystem has no fsync at all: with
 * fsync=on PostgreSQL asks, and the request ends in Emscripten as a no-op (strace shows no fsync
 * syscall). A committed transaction then sits in the OS page cache, safe from a crash of this process
 * but not from a power cut. We start PostgreSQL without `-F`, make WAL flushes use fsync(), and give
 * PGlite's Node filesystem the fsync it lacks.
 *
 * Commits are grouped: one fsync each (synchronous_commit on) held PGlite's single connection and the
 * event loop for every write in turn. So a commit returns at once (synchronous_commit off: PostgreSQL
 * still writes WAL before data, so the database stays consistent) and the answer to a write waits for
 * `walFlusher`, which flushes the WAL once for every write that finished before it
 * (plugins/durable-answers.ts).
 */

/** PGlite's own start parameters with fsync left on, WAL flushed with fsync(), commits grouped. */
export function durableStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
    '-c',
    'wal_sync_method=fsync',
    '-c',
    'synchronous_commit=off',
  ];
}

/**
 * Writes a WAL record and flushes the WAL up to it, so every commit before it is on disk: a
 * non-transactional logical message with flush = true (PostgreSQL 17 and later). A plain transaction
 * would not do: one that writes nothing flushes nothing.
 */
export const FLUSH_WAL = "select pg_logical_emit_message(false, 'stride', '', true)";

/**
 * Returns `flushed()`: resolves once every commit that returned before the call is on disk. Callers
 * arriving together share one flush: it is sent to PGlite on the next turn of the event loop, and
 * PGlite runs it after every statement that has already finished, so whoever joins before it is sent
 * is covered by it.
 */
export function walFlusher(pglite: Pick<PGlite, 'query'>): () => Promise<void> {
  let next: Promise<void> | undefined;
  return () => {
    next ??= new Promise<void>((resolve, reject) => {
      setImmediate(() => {
        next = undefined;
        pglite.query(FLUSH_WAL).then(() => resolve(), reject);
      });
    });
    return next;
  };
}

type StreamOps = { fsync?: (stream: { nfd?: number }) => number };
type EmscriptenModule = { NODEFS?: { stream_ops?: StreamOps } };

let fsyncCalls = 0;

/** How many real fsyncs the embedded database has asked for in this process (tests, benchmark). */
export const embeddedFsyncCount = () => fsyncCalls;

/**
 * Gives PGlite's Node filesystem a real fsync. Throws when this PGlite build no longer exposes it,
 * so an upgrade cannot silently make the embedded database unsafe again.
 */
export function installRealFsync(pglite: PGlite): void {
  const module = (pglite as unknown as { Module?: EmscriptenModule }).Module;
  const ops = module?.NODEFS?.stream_ops;
  if (!ops)
    throw new Error('this PGlite build does not expose its Node filesystem: cannot make commits durable');
  ops.fsync = (stream) => {
    fsyncCalls += 1;
    if (typeof stream.nfd === 'number') fsyncSync(stream.nfd);
    return 0;
  };
}

/**
 * Checks that PostgreSQL inside PGlite does flush (fsync=on) and that a WAL flush reaches the disk, so
 * a refused setting or a PGlite without the flush function fails loudly at start.
 */
export async function assertDurable(pglite: PGlite): Promise<void> {
  const { rows } = await pglite.query<{ fsync: string }>('show fsync');
  if (rows[0]?.fsync !== 'on') throw new Error('the embedded database runs with fsync off');
  const before = fsyncCalls;
  await pglite.query(FLUSH_WAL);
  if (fsyncCalls === before) throw new Error('the embedded database cannot flush its WAL to disk');
}
