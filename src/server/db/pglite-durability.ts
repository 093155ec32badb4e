import { fsyncSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

/*
 * Durable commits for the embedded database (docs/decisions/012-embedded-durability.md).
 *
 * PGlite starts PostgreSQL with `-F` (fsync off), and its Node filesystem has no fsync at all: with
 * fsync=on PostgreSQL asks, and the request ends in Emscripten as a no-op (strace shows no fsync
 * syscall). A committed transaction then sits in the OS page cache, safe from a crash of this process
 * but not from a power cut. We start PostgreSQL without `-F`, make WAL flushes use fsync(), and give
 * PGlite's Node filesystem the fsync it lacks, so that COMMIT returns only once the WAL is on disk.
 */

/** PGlite's own start parameters with fsync left on and WAL flushed with fsync(). */
export function durableStartParams(): string[] {
  return [...PGlite.defaultStartParams.filter((param) => param !== '-F'), '-c', 'wal_sync_method=fsync'];
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

/** Checks that PostgreSQL inside PGlite does flush (fsync=on), so a refused setting fails loudly. */
export async function assertDurable(pglite: PGlite): Promise<void> {
  const { rows } = await pglite.query<{ fsync: string }>('show fsync');
  if (rows[0]?.fsync !== 'on') throw new Error('the embedded database runs with fsync off');
}
