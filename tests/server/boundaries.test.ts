import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The layering rules of docs/architecture.md, checked on the source: shared imports nothing internal,
 * client and server never import each other, and only repositories and db/ touch Drizzle.
 */

const ROOT = resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

type Import = { from: string; typeOnly: boolean };

function importsOf(file: string): Import[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const found: Import[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?'([^']+)'/gm)) {
    found.push({ typeOnly: match[1] !== undefined, from: match[2] ?? '' });
  }
  return found;
}

/** The repository-relative path an import points at, or the bare package name. */
function target(file: string, from: string): string {
  return from.startsWith('.') ? relative(ROOT, resolve(ROOT, file, '..', from)) : from;
}

describe('import boundaries', () => {
  it('the reader finds imports (guards the checks below against matching nothing)', () => {
    expect(importsOf('src/server/app.ts').map((i) => i.from)).toContain('./db/client');
    expect(importsOf('src/server/modules/tasks/tasks.service.ts')).toContainEqual({
      from: '../../db/client',
      typeOnly: false,
    });
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
});
