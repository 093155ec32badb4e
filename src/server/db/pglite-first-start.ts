import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/*
 * PGlite creates a new database (initdb) with a second PostgreSQL and an initdb program, each in its
 * own WebAssembly memory, inside the process that opens it. Those memories (about 430 MiB resident)
 * are garbage once the database exists, but V8 returns them only at a major collection, which a
 * quiet server may not run for a long time: a first start held 850-970 MiB against about 450 for the
 * next. So a first start creates the files in a worker thread, whose memory goes back to the system
 * when it ends, and opens them afterwards (docs/decisions/012-embedded-durability.md).
 */

// The worker imports PGlite by its resolved address: an evaluated worker has no module of its own to
// resolve a package name from.
const WORKER = `
const { workerData } = require('node:worker_threads');
import(workerData.pglite).then(async (module) => {
  const { PGlite } = module.PGlite ? module : module.default;
  const created = await PGlite.create({ dataDir: workerData.dataDir });
  await created.close();
});
`;

/** Creates the embedded database in `dataDir` when it holds none yet; the directory must exist. */
export async function createDataDirApart(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const worker = new Worker(WORKER, { eval: true, workerData: { pglite, dataDir } });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`creating the embedded database stopped with code ${code}`)),
    );
  });
}
