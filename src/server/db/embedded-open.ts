import { mkdir } from 'node:fs/promises';
import { type DataDirLock, lockDataDir } from './data-dir-lock';
import { type EmbeddedThread, openEmbeddedThread } from './embedded-thread';
import { createDataDirApart } from './pglite-first-start';

/** The embedded database of a data directory, open in its own thread, and the directory's lock. */
export type OpenDataDir = { thread: EmbeddedThread; lock: DataDirLock };

/**
 * Locks `dataDir` (made when missing), creates a database in it when it holds none, and opens it in a
 * thread of its own. Free of the server's other code, so the server's entry can start it before it
 * loads the rest (src/server/main.ts, docs/decisions/034-start-without-rebuilding.md).
 */
export async function openDataDir(dataDir: string, onLockLost?: () => void): Promise<OpenDataDir> {
  await mkdir(dataDir, { recursive: true });
  // One process per directory: a second one would silently lose what either acknowledged.
  const lock = await lockDataDir(dataDir, { onLost: onLockLost });
  try {
    await createDataDirApart(dataDir);
    // PGlite opens there in a thread of its own, so that its statements never hold the server's
    // (docs/decisions/040-embedded-database-thread.md).
    return { thread: await openEmbeddedThread(dataDir), lock };
  } catch (error) {
    lock.release();
    throw error;
  }
}
