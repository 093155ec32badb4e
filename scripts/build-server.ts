import { rmSync } from 'node:fs';
import { build } from 'esbuild';

/*
 * `npm run build` part two: the server as plain JavaScript (dist/server/main.js), so `npm start` runs
 * no compiler at run time. The packages are bundled in too: Node then reads a few files at start
 * instead of finding and loading about a thousand modules in node_modules, and the entry's chunk
 * holds only what it needs to start opening the database before the rest loads (src/server/main.ts;
 * docs/decisions/034-start-without-rebuilding.md). The source map sits beside the bundle for stack
 * traces and is outside dist/client, so never served. With --bench it also compiles the benchmark's
 * server (bench/server.ts) the same way.
 */

/**
 * Packages left in node_modules: PGlite loads its WebAssembly and data files from beside its own
 * code; pg-native is pg's optional native driver, not installed. pino-pretty, which formats
 * development's log, is imported dynamically, so it becomes a chunk of its own that only development
 * loads: from node_modules it was about a hundred files of CommonJS at every start.
 */
const EXTERNAL = ['@electric-sql/pglite', 'pg-native'];

// Bundled CommonJS packages call `require` (for Node's own modules), which an ES module lacks.
const REQUIRE =
  "import { createRequire as createRequireForPackages } from 'node:module';\nconst require = createRequireForPackages(import.meta.url);";

function compile(entry: string, outdir: string) {
  return build({
    entryPoints: [entry],
    outdir,
    // What the entry imports dynamically (./serve) becomes chunks of its own, loaded when imported.
    splitting: true,
    // Beside the entry: code finds its workers and the client's files relative to its own file.
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    banner: { js: REQUIRE },
    // The packages' own sources stay in node_modules; the map only points into them.
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
  });
}

// A large import file is read in a worker thread, which the server starts from a file beside its own
// (src/server/modules/account-data/import-file-off-loop.ts).
const IMPORT_FILE_WORKER = 'src/server/modules/account-data/import-file-worker.ts';

// The embedded database runs in a worker thread started the same way (src/server/db/embedded-worker-start.ts).
const DATABASE_WORKER = 'src/server/db/embedded-database-worker.ts';

// Chunks are named by their content: a folder kept from the last build would collect old ones.
rmSync('dist/server', { recursive: true, force: true });
await compile('src/server/main.ts', 'dist/server');
await compile(IMPORT_FILE_WORKER, 'dist/server');
await compile(DATABASE_WORKER, 'dist/server');
if (process.argv.includes('--bench')) {
  rmSync('dist/bench', { recursive: true, force: true });
  await compile('bench/server.ts', 'dist/bench');
  await compile(IMPORT_FILE_WORKER, 'dist/bench');
  await compile(DATABASE_WORKER, 'dist/bench');
}
