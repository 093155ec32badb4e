import { build } from 'esbuild';

/*
 * `npm run build` part two: the server as plain JavaScript (dist/server/main.js), so `npm start` runs
 * no compiler at run time. Packages stay in node_modules (PGlite loads its WebAssembly from there);
 * the source map sits beside the bundle for stack traces and is outside dist/client, so never served.
 * With --bench it also compiles the benchmark's server (bench/server.ts) the same way.
 */
function compile(entry: string, outfile: string) {
  return build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

// A large import file is read in a worker thread, which the server starts from a file beside its own
// (src/server/modules/account-data/import-file-off-loop.ts).
const IMPORT_FILE_WORKER = 'src/server/modules/account-data/import-file-worker.ts';

// The embedded database runs in a worker thread started the same way (src/server/db/embedded-thread.ts).
const DATABASE_WORKER = 'src/server/db/embedded-database-worker.ts';

await compile('src/server/main.ts', 'dist/server/main.js');
await compile(IMPORT_FILE_WORKER, 'dist/server/import-file-worker.js');
await compile(DATABASE_WORKER, 'dist/server/embedded-database-worker.js');
if (process.argv.includes('--bench')) {
  await compile('bench/server.ts', 'dist/bench/server.js');
  await compile(IMPORT_FILE_WORKER, 'dist/bench/import-file-worker.js');
  await compile(DATABASE_WORKER, 'dist/bench/embedded-database-worker.js');
}
