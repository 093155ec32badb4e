import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { build } from 'esbuild';
import { CLIENT_BUILD_DIR } from '../src/server/paths';

/*
 * After the client build: writes dist/client/sw.js (src/client/service-worker.ts) with the list of
 * files to keep for offline use and a version made from their contents, so that any change to the
 * build is a new worker and a new cache (docs/decisions/018-installable-app.md). Run before
 * precompress, which then compresses sw.js like any script.
 */

/**
 * What the worker never keeps: compressed twins, maps, the build's own notes, the landing page and
 * the screens' pre-rendered pages (offline, the kept index.html opens any screen).
 */
const SKIPPED = /(?:\.br|\.gz|\.map)$|^\.vite\/|^landing\.html$|^app-[a-z-]+\.html$|^sw\.js$/;

export function precacheList(root: string): { urls: string[]; version: string } {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else found.push(relative(root, path).split(sep).join('/'));
    }
  };
  walk(root);
  const files = found.filter((file) => !SKIPPED.test(file)).sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update(readFileSync(join(root, file)));
  return { urls: files.map((file) => `/${file}`), version: hash.digest('hex').slice(0, 12) };
}

export async function buildServiceWorker(root: string): Promise<{ urls: string[]; version: string }> {
  const list = precacheList(root);
  await build({
    entryPoints: ['src/client/service-worker.ts'],
    outfile: join(root, 'sw.js'),
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    logLevel: 'warning',
    define: {
      PRECACHE_VERSION: JSON.stringify(list.version),
      PRECACHE_URLS: JSON.stringify(list.urls),
    },
  });
  return list;
}

if (process.argv[1]?.endsWith('build-service-worker.ts')) {
  const { urls, version } = await buildServiceWorker(CLIENT_BUILD_DIR);
  console.log(`sw.js written: ${urls.length} files kept for offline use, version ${version}`);
}
