import { existsSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { cardIconsPlugin } from './scripts/card-icons-plugin.ts';
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
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/helpers/global-setup-pglite.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The same API suite against a real PostgreSQL server the harness starts itself. The unit tests
      // beside the server's code (src/server) open no test database, so they run once, above.
      ...(runPostgresProject
        ? [
            {
              test: {
                name: 'server-pg',
                environment: 'node' as const,
                include: ['tests/server/**/*.test.ts'],
                globalSetup: ['tests/server/helpers/global-setup-postgres.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        plugins: [react(), cardIconsPlugin()],
        test: {
          name: 'client',
          environment: 'happy-dom',
          include: ['src/client/**/*.test.{ts,tsx}'],
          // Fails a test on console.error or an unhandled rejection, and cleans up after each.
          setupFiles: ['src/client/testing/setup.ts'],
          // Typing through user-event is slow while the server projects share the two cores; the
          // 5 s default failed dialog tests under that load.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
