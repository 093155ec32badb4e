import { fsyncSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { EmbeddedClient } from './embedded-thread';

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

/**
 * A small footprint (docs/decisions/012-embedded-durability.md, "A small footprint"): PostgreSQL's
 * 128 MB of shared buffers lived in the WebAssembly memory, most of it resident after a benchmark's
 * load, while the operating system caches the same pages anyway. The WAL sizes are the least
 * PostgreSQL accepts (two 16 MB segments), so a checkpoint keeps no more than that.
 */
const FOOTPRINT_PARAMS = ['shared_buffers=16MB', 'max_wal_size=32MB', 'min_wal_size=32MB'];

/**
 * PGlite's own start parameters with fsync left on, WAL flushed with fsync(), commits grouped, and the
 * footprint above.
 */
export function durableStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
    '-c',
    'wal_sync_method=fsync',
    '-c',
    'synchronous_commit=off',
    ...FOOTPRINT_PARAMS.flatMap((param) => ['-c', param]),
  ];
}

/**
 * Writes a WAL record and flushes the WAL up to it, so every commit before it is on disk: a
 * non-transactional logical message with flush = true (PostgreSQL 17 and later). A plain transaction
 * would not do: one that writes nothing flushes nothing.
 */
export const FLUSH_WAL = "select pg_logical_emit_message(false, 'stride', '', true)::text as lsn";

/**
 * WAL written since the last checkpoint after which one is asked for. PostgreSQL in single-user mode
 * never checkpoints on its own (only its checkpointer process would, on max_wal_size or
 * checkpoint_timeout), so the WAL grew until the server stopped: 257 MB during a benchmark. A
 * checkpoint is one statement that holds the server's thread, and it writes what changed since the
 * last: every 16 MB it took 35-105 ms during an import at the limits, every 4 MB mostly 15-35 ms
 * (bench/notes/fairness.md; docs/decisions/037-fair-heavy-work.md).
 */
export const CHECKPOINT_EVERY_BYTES = 4 * 1024 * 1024;

/** A WAL position ('16/B374D848') as a byte count. */
export function lsnBytes(lsn: string): bigint {
  const [high = '0', low = '0'] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * Returns `flushed()`: resolves once every commit that returned before the call is on disk. A flush
 * covers every commit that returned before it was sent (PGlite runs statements in order), so callers
 * share flushes: one is sent at most, and the callers arriving while it runs share the next, sent on
 * the first turn after it answers. Writers arriving one by one, as the embedded database's thread
 * answers them, would otherwise each send their own (bench/notes/footprint.md). Once
 * CHECKPOINT_EVERY_BYTES of WAL have been flushed since the last checkpoint, a CHECKPOINT follows,
 * queued after the flush like any statement, so the answers it covers are not kept waiting for it.
 */
export function walFlusher(pglite: Pick<EmbeddedClient, 'query' | 'exec'>): () => Promise<void> {
  /** The flush sent and not yet answered. */
  let running: Promise<void> | undefined;
  /** The flush the next callers share, sent once `running` has answered. */
  let next: Promise<void> | undefined;
  let checkpointedAt: bigint | undefined;
  let checkpointing = false;
  const checkpointIfDue = (lsn: bigint) => {
    checkpointedAt ??= lsn;
    if (checkpointing || lsn - checkpointedAt < CHECKPOINT_EVERY_BYTES) return;
    checkpointing = true;
    pglite
      .exec('CHECKPOINT')
      // A failed checkpoint loses nothing (the WAL still holds every commit); the next flush asks again.
      .then(
        () => {
          checkpointedAt = lsn;
        },
        () => undefined,
      )
      .finally(() => {
        checkpointing = false;
      });
  };
  const send = async () => {
    // Whoever calls from now on may have committed after this flush is sent: they share a later one.
    next = undefined;
    const result = await pglite.query<{ lsn: string }>(FLUSH_WAL);
    const lsn = result.rows[0]?.lsn;
    if (lsn) checkpointIfDue(lsnBytes(lsn));
  };
  return () => {
    next ??= (async () => {
      // The callers of this turn join; then the flush waits for the one running, whatever its outcome.
      await new Promise((resolve) => setImmediate(resolve));
      await running?.catch(() => undefined);
      const flush = send();
      running = flush;
      try {
        await flush;
      } finally {
        if (running === flush) running = undefined;
      }
    })();
    return next;
  };
}

type StreamOps = { fsync?: (stream: { nfd?: number }) => number };
type EmscriptenModule = { NODEFS?: { stream_ops?: StreamOps } };

let fsyncCalls = 0;

/**
 * How many real fsyncs the embedded database has asked for in this thread and, once they have
 * answered, in the database threads it started (db/embedded-thread.ts): tests and the benchmark read it.
 */
export const embeddedFsyncCount = () => fsyncCalls;

/** Adds fsyncs a database thread reports with its answers. */
export function noteThreadFsyncs(count: number): void {
  fsyncCalls += count;
}

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
