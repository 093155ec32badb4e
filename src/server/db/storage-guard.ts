import { statfsSync } from 'node:fs';

/*
 * The embedded database dies, rather than fails, when its disk fills: PostgreSQL cannot create the
 * next 16 MB WAL segment inside a critical section and PGlite exits the process (measured: a 60 MB
 * disk, the write that needed a new segment ended the server). So writes stop, with a 503 that says
 * why, while there is still room for the next segments; they resume on their own once space is freed.
 */

/** Free space below which the embedded database takes no more writes: room for a few WAL segments. */
export const MIN_FREE_BYTES = 64 * 1024 * 1024;
const CHECK_EVERY_MS = 1_000;

export type StorageGuard = {
  /** False while the disk under the data directory is nearly full. */
  canWrite(): boolean;
};

/** A guard that always allows writes (PostgreSQL manages its own disk). */
export const NO_STORAGE_GUARD: StorageGuard = { canWrite: () => true };

/** Watches the disk under `dataDir`, asking the kernel at most once a second. */
export function storageGuard(dataDir: string, minFreeBytes = MIN_FREE_BYTES): StorageGuard {
  let checkedAt = Number.NEGATIVE_INFINITY;
  let room = true;
  return {
    canWrite() {
      const now = Date.now();
      if (now - checkedAt >= CHECK_EVERY_MS) {
        checkedAt = now;
        try {
          const stats = statfsSync(dataDir);
          room = stats.bavail * stats.bsize >= minFreeBytes;
        } catch {
          // The directory cannot even be examined: writing would fail too.
          room = false;
        }
      }
      return room;
    },
  };
}
