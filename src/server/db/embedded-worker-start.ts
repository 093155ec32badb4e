import { Worker } from 'node:worker_threads';

/*
 * Starts the embedded database's thread (db/embedded-database-worker.ts). It boots Node and loads PGlite,
 * then waits to be told which data directory to open (db/embedded-thread.ts): so the server's entry
 * starts it before anything else loads, and it boots while the directory is locked
 * (docs/decisions/034-start-without-rebuilding.md). This file imports nothing else for that reason.
 *
 * The built server runs the worker compiled beside it (scripts/build-server.ts); the sources, in tests
 * and `npm run dev`, run it through tsx, as modules/account-data/import-file-off-loop.ts does.
 */
export function startEmbeddedWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./embedded-database-worker.js', import.meta.url));
  }
  const source = new URL('./embedded-database-worker.ts', import.meta.url).href;
  const code = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}));`;
  return new Worker(code, { eval: true });
}
