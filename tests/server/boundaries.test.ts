import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The layering rules of docs/architecture.md, checked on the source: shared imports nothing internal,
 * client and server never import each other, only repositories and db/ touch Drizzle, a client feature
 * never imports another feature, and the client's lib/ and components/ import no feature. Static
 * imports, re-exports and dynamic `import()` all count: a lazy import ties the code together as much
 * as a static one.
 */

const ROOT = resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string, { tests = false } = {}): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .filter((entry) => tests || !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** `lazy`: an `import()` in code, which loads only when it runs. */
type Import = { from: string; typeOnly: boolean; lazy: boolean };

function importsIn(text: string): Import[] {
  const found: Import[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?'([^']+)'/gm)) {
    found.push({ typeOnly: match[1] !== undefined, from: match[2] ?? '', lazy: false });
  }
  // import('x') in code loads x; `typeof import('x')` in a type does not.
  for (const match of text.matchAll(/(\btypeof\s+)?\bimport\(\s*'([^']+)'\s*\)/g)) {
    found.push({ typeOnly: match[1] !== undefined, from: match[2] ?? '', lazy: true });
  }
  return found;
}

function importsOf(file: string): Import[] {
  return importsIn(readFileSync(join(ROOT, file), 'utf8'));
}

/** package.json "imports" (`#name/*` subpath aliases), if the project uses any. */
const ALIASES = Object.entries(
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { imports?: Record<string, unknown> })
    .imports ?? {},
).flatMap(([alias, to]) => (typeof to === 'string' ? [{ alias, to }] : []));

/** The repository-relative path an import points at, or the bare package name. */
function target(file: string, from: string): string {
  if (from.startsWith('.')) return relative(ROOT, resolve(ROOT, file, '..', from));
  if (!from.startsWith('#')) return from;
  for (const { alias, to } of ALIASES) {
    const [head = '', tail = ''] = alias.split('*');
    if (alias.includes('*') ? from.startsWith(head) && from.endsWith(tail) : from === alias) {
      const rest = alias.includes('*') ? from.slice(head.length, from.length - tail.length) : '';
      return relative(ROOT, resolve(ROOT, to.replace('*', rest))).replace(/\.tsx?$/, '');
    }
  }
  throw new Error(`${file}: ${from} matches no "imports" alias in package.json`);
}

/** `src/client/features/<name>` for a path inside a feature, else undefined. */
function featureOf(path: string): string | undefined {
  return /^src\/client\/features\/([^/]+)/.exec(path)?.[0];
}

describe('import boundaries', () => {
  it('the reader finds imports (guards the checks below against matching nothing)', () => {
    expect(importsOf('src/server/app.ts').map((i) => i.from)).toContain('./db/client');
    expect(importsOf('src/server/modules/tasks/tasks.service.ts')).toContainEqual({
      from: '../../db/client',
      typeOnly: false,
      lazy: false,
    });
    expect(
      importsIn(
        [
          "import { a } from './a';",
          "import type {\n  B,\n} from './b';",
          "export { c } from './c';",
          "import './d.css';",
          "const e = lazy(() => import('./e'));",
          "const { F } = await import(\n  '../f'\n);",
          "type G = typeof import('./g');",
        ].join('\n'),
      ),
    ).toEqual([
      { from: './a', typeOnly: false, lazy: false },
      { from: './b', typeOnly: true, lazy: false },
      { from: './c', typeOnly: false, lazy: false },
      { from: './d.css', typeOnly: false, lazy: false },
      { from: './e', typeOnly: false, lazy: true },
      { from: '../f', typeOnly: false, lazy: true },
      { from: './g', typeOnly: true, lazy: true },
    ]);
    expect(
      importsOf('src/client/app/router.tsx').map((i) => target('src/client/app/router.tsx', i.from)),
    ).toContain('src/client/app/routes/today');
    expect(featureOf(target('src/client/features/today/x.ts', '../items/index'))).toBe(
      'src/client/features/items',
    );
    expect(featureOf('src/client/lib/api-client.ts')).toBeUndefined();
  });

  it('src/shared imports nothing from server, client, node or drizzle', () => {
    const offending = sourceFiles('src/shared').flatMap((file) =>
      importsOf(file)
        .map((i) => target(file, i.from))
        .filter(
          (to) => /^src\/(server|client)/.test(to) || to.startsWith('node:') || to.startsWith('drizzle'),
        )
        .map((to) => `${file} -> ${to}`),
    );
    expect(offending).toEqual([]);
  });

  it('code outside src/shared reaches it by the #shared alias, never by ../../ climbing', () => {
    const climbing = ['src/client', 'src/server', 'tests', 'bench', 'scripts'].flatMap((dir) =>
      sourceFiles(dir, { tests: true }).flatMap((file) =>
        importsOf(file)
          .filter((i) => i.from.startsWith('.') && target(file, i.from).startsWith('src/shared/'))
          .map((i) => `${file} -> ${i.from}`),
      ),
    );
    expect(climbing).toEqual([]);
  });

  it('client and server never import each other', () => {
    const cross = [
      ...sourceFiles('src/server').flatMap((file) =>
        importsOf(file)
          .filter((i) => target(file, i.from).startsWith('src/client'))
          .map((i) => `${file} -> ${i.from}`),
      ),
      ...sourceFiles('src/client').flatMap((file) =>
        importsOf(file)
          .filter((i) => target(file, i.from).startsWith('src/server'))
          .map((i) => `${file} -> ${i.from}`),
      ),
    ];
    expect(cross).toEqual([]);
  });

  it('only *.repo.ts and src/server/db/ use Drizzle or the tables (types excepted)', () => {
    const offending = sourceFiles('src/server')
      .filter((file) => !file.endsWith('.repo.ts') && !file.startsWith('src/server/db/'))
      .flatMap((file) =>
        importsOf(file)
          .filter((i) => !i.typeOnly)
          .filter((i) => i.from.startsWith('drizzle-orm') || target(file, i.from) === 'src/server/db/schema')
          .map((i) => `${file} -> ${i.from}`),
      );
    expect(offending).toEqual([]);
  });

  it('the server loads what one path needs by import() on that path, not at every start', () => {
    // Each was compiled and run at every start for nothing (docs/decisions/034-start-without-rebuilding.md):
    // pg (which made Node load its fetch implementation) on the embedded database, web-push before any
    // push, the calendar format before any feed read. The files that hold them are loaded lazily too.
    const lazyOnly = (file: string, from: string) =>
      ['pg', 'web-push', 'ical-generator', 'timezones-ical-library'].includes(from) ||
      from.startsWith('drizzle-orm/node-postgres') ||
      ['src/server/db/lost-connection-pool', 'src/server/modules/calendar/calendar-document'].includes(
        target(file, from),
      );
    const holders = [
      'src/server/db/lost-connection-pool.ts',
      'src/server/modules/calendar/calendar-document.ts',
    ];
    const offending = sourceFiles('src/server')
      .filter((file) => !holders.includes(file))
      .flatMap((file) =>
        importsOf(file)
          .filter((i) => !i.typeOnly && !i.lazy && lazyOnly(file, i.from))
          .map((i) => `${file} -> ${i.from}`),
      );
    expect(offending).toEqual([]);
  });

  it("the client loads Radix's menus, dialogs and toasts by import(), never with a screen", () => {
    // docs/decisions/010-first-load-weight.md, "Menus, dialogs and toasts loaded on demand": 34 kB of /today.
    const holders = {
      'src/client/components/ui/dropdown-menu': './dropdown-menu-parts',
      'src/client/components/ui/dialog': './dialog-parts',
      'src/client/components/ui/toast': './toast-view',
    };
    const lazyParts = Object.entries(holders).map(([holder, parts]) => target(`${holder}.tsx`, parts));
    const offending = sourceFiles('src/client').flatMap((file) =>
      importsOf(file)
        .filter((i) => !i.typeOnly && !i.lazy && lazyParts.includes(target(file, i.from)))
        .map((i) => `${file} -> ${i.from}`),
    );
    expect(offending).toEqual([]);
    for (const [holder, parts] of Object.entries(holders)) {
      const imports = importsOf(`${holder}.tsx`);
      expect(imports.filter((i) => i.from === 'radix-ui' && !i.typeOnly)).toEqual([]);
      expect(imports.some((i) => i.lazy && i.from === parts)).toBe(true);
    }
  });

  it("a server module reaches another module's data only through its service, never its repo", () => {
    const moduleOf = (path: string) => /^src\/server\/modules\/([^/]+)\//.exec(path)?.[1];
    const offending = sourceFiles('src/server/modules').flatMap((file) =>
      importsOf(file)
        .filter((i) => !i.typeOnly)
        .map((i) => target(file, i.from))
        .filter((to) => to.endsWith('.repo') && moduleOf(to) !== moduleOf(file))
        .map((to) => `${file} -> ${to}`),
    );
    expect(offending).toEqual([]);
  });

  it('a client feature never imports another feature, statically or lazily (compose them in app/)', () => {
    const offending = sourceFiles('src/client/features', { tests: true }).flatMap((file) =>
      importsOf(file)
        .map((i) => target(file, i.from))
        .filter((to) => featureOf(to) !== undefined && featureOf(to) !== featureOf(file))
        .map((to) => `${file} -> ${to}`),
    );
    expect(offending).toEqual([]);
  });

  it("the client's lib/ and components/ import no feature and nothing from app/", () => {
    const offending = [...sourceFiles('src/client/lib'), ...sourceFiles('src/client/components')].flatMap(
      (file) =>
        importsOf(file)
          .map((i) => target(file, i.from))
          .filter((to) => to.startsWith('src/client/features/') || to.startsWith('src/client/app/'))
          .map((to) => `${file} -> ${to}`),
    );
    expect(offending).toEqual([]);
  });
});
