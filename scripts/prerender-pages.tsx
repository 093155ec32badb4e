import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runnerImport } from 'vite';
import { APP_START_SCRIPT } from '#shared/api/app-start-script';
import { APP_SHELL_PAGES } from '#shared/api/pages';
import type { ShellScreen } from '../src/client/app/app-shell-document';
import { CLIENT_BUILD_DIR } from '../src/server/paths';
import { withCriticalCss } from './critical-css';
import { lucideIconsPlugin } from './lucide-icons-plugin';

/*
 * After `vite build`, the pages painted before any script runs (docs/decisions/013-api-cost.md). The
 * server chooses between them and index.html (src/server/plugins/static-client.ts).
 * - landing.html: the signed-out landing page as static HTML with one small script instead of the app:
 *   index.html with the app's entry and preloads taken out, the landing script put in, and the page's
 *   markup inside #root.
 * - app-today.html, app-all-items.html: the app, with the screen's frame in #app-shell before a hidden
 *   #root (lib/app-shell.ts).
 * Each carries the style rules of its own first paint (scripts/critical-css.ts) and asks for its modules
 * only after that paint (startAfterPaint). index.html, whose #root is empty until the app draws it, keeps
 * its style sheet and its module script in the head.
 */

/** A client module loaded through Vite: its icons are `~icons/…` modules that only the icon plugin makes. */
async function clientModule<T>(file: string): Promise<T> {
  return (await runnerImport<T>(file, { plugins: [lucideIconsPlugin()], logLevel: 'warn' })).module;
}
const { renderAppShellMarkup } = await clientModule<typeof import('../src/client/app/app-shell-document')>(
  '/src/client/app/app-shell-document.tsx',
);
const { renderLandingMarkup } = await clientModule<typeof import('../src/client/app/landing-document')>(
  '/src/client/app/landing-document.tsx',
);

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };

const manifest = JSON.parse(readFileSync(join(CLIENT_BUILD_DIR, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

/** Every chunk a manifest entry imports statically, however deep, as files. */
function importedFiles(key: string, seen = new Set<string>()): string[] {
  for (const imported of manifest[key]?.imports ?? []) {
    if (seen.has(imported)) continue;
    seen.add(imported);
    importedFiles(imported, seen);
  }
  return [...seen].map((imported) => manifest[imported]?.file).filter((file): file is string => !!file);
}

/**
 * A page's modules (its entry, then the chunks the entry imports) asked for once its first paint is
 * done, by the start script at the end of the body instead of a module script and preloads in the
 * head (#shared/api/app-start-script).
 */
const startAfterPaint = (html: string, files: readonly string[]) =>
  html
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(entry, '')
    .replace(
      '</body>',
      `<script data-modules="${files.map((file) => `/${file}`).join(' ')}">${APP_START_SCRIPT}</script>\n  </body>`,
    );

const index = readFileSync(join(CLIENT_BUILD_DIR, 'index.html'), 'utf8');
const entry = /<script type="module" crossorigin src="\/assets\/index-[^"]+\.js"><\/script>/;
if (!entry.test(index)) throw new Error('index.html has no app entry script where expected');
const root = '<div id="root"></div>';
if (!index.includes(root)) throw new Error('index.html has no empty #root');
if (!index.includes('</body>')) throw new Error('index.html has no </body> to put the start script before');

const appEntry = manifest['index.html'];
if (!appEntry) throw new Error('the build manifest has no index.html entry');
const appModules = [appEntry.file, ...importedFiles('index.html')];

const landingEntry = manifest['src/client/landing-page.ts'];
if (!landingEntry) throw new Error('the build manifest has no src/client/landing-page.ts entry');
// The chunks it imports (the theme store, shared with the app) load in parallel with it.
const landing = startAfterPaint(index, [
  landingEntry.file,
  ...importedFiles('src/client/landing-page.ts'),
]).replace(root, `<div id="root">${renderLandingMarkup()}</div>`);
writeFileSync(join(CLIENT_BUILD_DIR, 'landing.html'), await withCriticalCss(landing));
console.log(`landing.html written (script ${landingEntry.file})`);

const SHELLS: Array<{ file: string; path: string; screen: ShellScreen }> = [
  { file: 'app-today.html', path: '/today', screen: 'today' },
  { file: 'app-all-items.html', path: '/all-items', screen: 'all-items' },
];
for (const file of new Set(Object.values(APP_SHELL_PAGES))) {
  if (!SHELLS.some((shell) => shell.file === file))
    throw new Error(`the server sends ${file}, which nothing writes`);
}
for (const shell of SHELLS) {
  const html = startAfterPaint(index, appModules).replace(
    root,
    `<div id="app-shell" inert aria-hidden="true">${renderAppShellMarkup(shell.screen, shell.path)}</div><div id="root" hidden></div>`,
  );
  writeFileSync(join(CLIENT_BUILD_DIR, shell.file), await withCriticalCss(html));
  console.log(`${shell.file} written`);
}
