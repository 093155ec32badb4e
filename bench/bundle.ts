import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { printTargets } from './engine-runs';

/** One chunk of Vite's build manifest (only the fields this report reads). */
type ManifestChunk = {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

/**
 * What each screen needs besides the entry: the router loads exactly one lazy route module per
 * screen (src/client/app/router.tsx). The item dialog's forms load at its first opening, not with
 * a screen (docs/decisions/010-first-load-weight.md).
 */
const ROUTES: Array<{ visit: string; module: string }> = [
  { visit: '/login', module: 'src/client/app/routes/login.tsx' },
  { visit: '/ or /today signed in', module: 'src/client/app/routes/today.tsx' },
  { visit: '/all-items', module: 'src/client/app/routes/all-items.tsx' },
  { visit: '/home', module: 'src/client/app/routes/home.tsx' },
  { visit: 'unknown path (404)', module: 'src/client/app/routes/not-found.tsx' },
];

/** The pre-rendered landing page's only script (scripts/prerender-pages.tsx). */
const LANDING_SCRIPT = 'src/client/landing-page.ts';

/** The chunk's own file, its CSS and, recursively, everything it imports statically. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

/** Scripts and stylesheets index.html names itself (the entry and the public theme script). */
function filesNamedIn(html: string): string[] {
  const refs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="stylesheet"[^>]*\shref)="\/([^"]+)"/g)];
  return refs.map((match) => match[1]!);
}

const kB = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * Builds the client into a temporary directory with a manifest and reports, per screen, the gzip
 * size of the JavaScript and CSS a first visit downloads: index.html's own scripts and styles, the
 * entry chunk with its static imports, and that screen's lazy chunk with its static imports.
 */
export async function runBundleReport(): Promise<void> {
  const outDir = await mkdtemp(join(tmpdir(), 'stride-bundle-'));
  try {
    await build({
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
    });
    const manifest = JSON.parse(await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    const html = await readFile(join(outDir, 'index.html'), 'utf8');
    const entryKey = 'index.html';
    if (!manifest[entryKey]) throw new Error('the build manifest has no index.html entry');

    const gzipped = new Map<string, number>();
    const sizeOf = async (file: string) => {
      const known = gzipped.get(file);
      if (known !== undefined) return known;
      const size = gzipSync(await readFile(join(outDir, file))).length;
      gzipped.set(file, size);
      return size;
    };

    // The entry's closure first, then what the HTML names besides it (the theme script): seeding the
    // set with the HTML's files would mark the entry as seen and skip the chunks it imports.
    const firstLoad = closure(manifest, entryKey);
    for (const file of filesNamedIn(html)) firstLoad.add(file);
    // A visitor without a session gets landing.html: index.html's stylesheet and theme script, and
    // the landing script instead of the app.
    const entryFile = manifest[entryKey]?.file;
    const landingPage = closure(
      manifest,
      LANDING_SCRIPT,
      new Set(filesNamedIn(html).filter((file) => file !== entryFile)),
    );
    // The entry's other dynamic import, the service worker's registration (main.tsx), waits for the
    // load event: it is not part of what the first paint waits for, and is not counted.
    const visits = [
      { visit: '/ signed out (pre-rendered landing page)', files: landingPage },
      ...ROUTES.map((route) => {
        const files = closure(manifest, route.module, new Set(firstLoad));
        return { visit: route.visit, files };
      }),
    ];
    const rows = [];
    for (const { visit, files } of visits) {
      let js = 0;
      let css = 0;
      for (const file of files) {
        if (file.endsWith('.css')) css += await sizeOf(file);
        else if (file.endsWith('.js')) js += await sizeOf(file);
      }
      rows.push({
        'first visit': visit,
        files: files.size,
        'JS gzip kB': kB(js),
        'CSS gzip kB': kB(css),
        'total gzip kB': kB(js + css),
      });
    }
    console.table(rows);
    const today = rows.find((row) => row['first visit'] === '/ or /today signed in');
    if (today) {
      const js = Number(today['JS gzip kB']);
      printTargets([{ what: '/today JavaScript (gzip) <= 110 kB', value: `${js} kB`, met: js <= 110 }]);
    }

    const largest = [...gzipped.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5);
    console.log('Largest files (gzip kB):');
    for (const [file, size] of largest) console.log(`  ${kB(size).padStart(7)}  ${file}`);
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
