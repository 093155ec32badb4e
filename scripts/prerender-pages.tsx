import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderLandingMarkup } from '../src/client/app/landing-document';
import { CLIENT_BUILD_DIR } from '../src/server/paths';

/*
 * After `vite build`: writes dist/client/landing.html, the signed-out landing page as static HTML
 * with one small script instead of the app (docs/decisions/013-api-cost.md). It is index.html with
 * the app's entry and preloads taken out, the landing script put in, and the page's markup inside
 * #root. The server chooses between the two (src/server/plugins/static-client.ts).
 */

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };

const manifest = JSON.parse(readFileSync(join(CLIENT_BUILD_DIR, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const landingEntry = manifest['src/client/landing-page.ts'];
if (!landingEntry) throw new Error('the build manifest has no src/client/landing-page.ts entry');
const script = landingEntry.file;
// The chunks it imports (the theme store, shared with the app) load in parallel with it.
const preloads = (landingEntry.imports ?? [])
  .map((key) => manifest[key]?.file)
  .filter((file): file is string => file !== undefined)
  .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
  .join('');

const index = readFileSync(join(CLIENT_BUILD_DIR, 'index.html'), 'utf8');
const entry = /<script type="module" crossorigin src="\/assets\/index-[^"]+\.js"><\/script>/;
if (!entry.test(index)) throw new Error('index.html has no app entry script where expected');
const root = '<div id="root"></div>';
if (!index.includes(root)) throw new Error('index.html has no empty #root');

const landing = index
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
  .replace(entry, `<script type="module" crossorigin src="/${script}"></script>${preloads}`)
  .replace(root, `<div id="root">${renderLandingMarkup()}</div>`);
writeFileSync(join(CLIENT_BUILD_DIR, 'landing.html'), landing);
console.log(`landing.html written (script ${script})`);
