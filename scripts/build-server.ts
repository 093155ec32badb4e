import { build } from 'esbuild';

/*
 * `npm run build` part two: the server as plain JavaScript (dist/server/main.js), so `npm start` runs
 * no compiler at run time. Packages stay in node_modules (PGlite loads its WebAssembly from there);
 * the source map sits beside the bundle for stack traces and is outside dist/client, so never served.
 */
await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
