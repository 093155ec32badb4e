import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

/*
 * The Lighthouse report's floor (bench/lighthouse.ts): bench/lighthouse-floor/, a React page that
 * loads React, asks for plain rows and draws them, built by the app's bundler with the app's React
 * and served the way the app's server serves its files (brotli at quality 11, on loopback). Audited
 * in the same run as the app's screens, it says what React alone costs on this machine at that
 * moment, so the screens' blocking time can be read as React's share and the app's own
 * (bench/notes/first-load.md, "React's floor").
 */

const SOURCE = join(import.meta.dirname, 'lighthouse-floor');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};
/** Rows the page may ask for: Today's benchmark list is 30. */
const MOST_ROWS = 500;

export type FloorServer = { base: string; stop: () => Promise<void> };

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}

/** Builds the floor page into `outDir` and serves it on a free loopback port. */
export async function startFloorServer(outDir: string): Promise<FloorServer> {
  await build({
    root: SOURCE,
    configFile: false,
    logLevel: 'error',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  const files = new Map(
    filesUnder(outDir).map((name) => {
      const body = readFileSync(join(outDir, name));
      const compressed = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      return [`/${name}`, { compressed, type: TYPES[extname(name)] ?? 'application/octet-stream' }];
    }),
  );
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://floor');
    if (url.pathname === '/rows') {
      const count = Math.min(Math.max(Number(url.searchParams.get('count')) || 0, 0), MOST_ROWS);
      const rows = Array.from({ length: count }, (_, index) => ({
        id: index + 1,
        title: `Task ${index + 1} of the floor page's list`,
        detail: `Goal ${(index % 5) + 1} · 25 min`,
      }));
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(rows));
      return;
    }
    // Only the built files, by their exact names.
    const file = files.get(url.pathname === '/' ? '/index.html' : url.pathname);
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': file.type,
      'content-encoding': 'br',
      'cache-control': url.pathname.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    });
    response.end(file.compressed);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
