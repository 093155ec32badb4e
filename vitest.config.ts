import { existsSync, readdirSync, readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { cardIconsPlugin } from './scripts/card-icons-plugin.ts';
import { lucideIconsPlugin } from './scripts/lucide-icons-plugin.ts';
import './tests/node20-map-group-by.ts';

// Debian's postgresql-15 (tests/server/helpers/postgres-server.ts starts a throwaway server from it).
const POSTGRES_BIN_DIR = process.env.POSTGRES_BIN_DIR ?? '/usr/lib/postgresql/15/bin';
const hasPostgresBinaries = () =>
  existsSync(`${POSTGRES_BIN_DIR}/initdb`) && existsSync(`${POSTGRES_BIN_DIR}/pg_ctl`);
// CI must test on PostgreSQL: there the project always runs and fails if the binaries are missing.
const runPostgresProject = process.env.CI === 'true' || hasPostgresBinaries();
if (!runPostgresProject) {
  console.warn(
    `\n!!! PostgreSQL binaries not found in ${POSTGRES_BIN_DIR}: the "server-pg" test project is SKIPPED.\n` +
      '!!! Install postgresql-15 (or set POSTGRES_BIN_DIR) to run the server suite on PostgreSQL too.\n',
  );
}

/*
 * The test files of a project share their worker's modules (`isolate: false`): a file no longer
 * imports the app, its schemas and its libraries again, nor builds a new DOM environment, which was
 * half of vitest's time (docs/decisions/025-suite-time.md). Each file still makes its own app and
 * database. A file that replaces a module with `vi.mock` or `vi.doMock`, or resets the registry with
 * `vi.resetModules`, needs modules loaded afresh (a reset in a shared worker would hand the next file
 * other copies), so those files, found by reading them, run in a companion project with modules of
 * their own.
 */
const MOCKS_A_MODULE = /\bvi\.(mock|doMock|resetModules)\(/;
const testFilesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${dir}/${file}`);
const mockingFiles = ['src', 'tests']
  .flatMap(testFilesUnder)
  .filter((file) => MOCKS_A_MODULE.test(readFileSync(file, 'utf8')));

type ProjectTest = { name: string; include: string[] } & Record<string, unknown>;
/** The project with shared modules, and beside it the same project for its files that mock a module. */
function sharingModules<P extends { test: ProjectTest }>(project: P): P[] {
  // A pattern's folder is what comes before its first wildcard (every include here has one).
  const folder = (pattern: string) =>
    pattern.slice(0, pattern.includes('*') ? pattern.indexOf('*') : undefined);
  const under = (file: string) => project.test.include.some((pattern) => file.startsWith(folder(pattern)));
  const own = mockingFiles.filter(under);
  const shared = {
    ...project,
    test: { ...project.test, isolate: false, exclude: [...configDefaults.exclude, ...own] },
  };
  if (own.length === 0) return [shared];
  return [
    shared,
    { ...project, test: { ...project.test, name: `${project.test.name} (mocks)`, include: own } },
  ];
}

export default defineConfig({
  test: {
    // Vitest runs one file at a time on a two-core machine by default (cores - 1). The server files
    // wait on PostgreSQL's own processes much of the time, so two at once keep both cores busy
    // (docs/decisions/025-suite-time.md). VITEST_MAX_WORKERS sets another number.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    projects: [
      {
        test: {
          name: 'shared',
          environment: 'node',
          include: ['src/shared/**/*.test.ts'],
        },
      },
      // What the build draws and writes itself (the card icons, PNG files), and the benchmarks' readings.
      {
        test: {
          name: 'build',
          environment: 'node',
          include: ['scripts/**/*.test.ts', 'bench/**/*.test.ts'],
        },
      },
      ...sharingModules({
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/helpers/global-setup-pglite.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      }),
      // The same API suite against a real PostgreSQL server the harness starts itself. The unit tests
      // beside the server's code (src/server) open no test database, so they run once, above.
      ...(runPostgresProject
        ? sharingModules({
            test: {
              name: 'server-pg',
              environment: 'node' as const,
              include: ['tests/server/**/*.test.ts'],
              globalSetup: ['tests/server/helpers/global-setup-postgres.ts'],
              testTimeout: 30_000,
              hookTimeout: 60_000,
            },
          })
        : []),
      ...sharingModules({
        plugins: [react(), cardIconsPlugin(), lucideIconsPlugin()],
        test: {
          name: 'client',
          environment: 'happy-dom',
          include: ['src/client/**/*.test.{ts,tsx}'],
          // Fails a test on console.error or an unhandled rejection, and cleans up after each.
          setupFiles: ['src/client/testing/setup.ts'],
          // Typing through user-event is slow while the server projects share the two cores; the
          // 5 s default failed dialog tests under that load.
          testTimeout: 20_000,
          // The setup's beforeAll imports the item dialog's forms, the first file of a worker through
          // Vite's transform: it took over the 10 s default on a loaded machine (a clean clone's run,
          // 2026-11-29). A bound, not a retry.
          hookTimeout: 60_000,
        },
      }),
    ],
  },
});
