import { cpSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';

/*
 * Empty embedded databases for the tests about the engine itself (src/server/db): creating one is an
 * initdb in WebAssembly, 4.7 s on a quiet machine and tens of seconds on a busy one, where loading a
 * made one takes well under a second (bench/notes/suite-time.md). The server project's global setup
 * (global-setup-pglite.ts) makes one per run; a real first start is still run by the main process
 * test and the fault tests, which start servers on new folders.
 */

/** An empty in-memory PGlite, as `PGlite.create()` gives, loaded from the run's snapshot. */
export async function emptyPGlite(): Promise<PGlite> {
  const { snapshotPath } = inject('emptyDatabase');
  return PGlite.create({ loadDataDir: new Blob([readFileSync(snapshotPath)]) });
}

/** `dataDir` (which must not exist yet) holding an empty embedded database, copied from the run's. */
export function madeDataDir(dataDir: string): string {
  cpSync(inject('emptyDatabase').dataDir, dataDir, { recursive: true });
  return dataDir;
}
