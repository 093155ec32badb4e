import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import type { Logger } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { type Database, openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { loadEnv } from '../src/server/env';
import { SESSION_COOKIE } from '../src/server/modules/auth/sessions.service';
import { hasPostgresBinaries, startThrowawayPostgres } from '../tests/server/helpers/postgres-server';
import { seed } from './seed';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 10;

/** Counts the SQL statements drizzle sends, to check how many queries one request needs. */
class CountingLogger implements Logger {
  count = 0;
  logQuery(): void {
    this.count += 1;
  }
}

type Row = { engine: string; call: string; rps: number; p50: number; p99: number; errors: number };

async function benchEngine(engine: 'pglite' | 'postgres', rows: Row[]): Promise<void> {
  const logger = new CountingLogger();
  let database: Database;
  let stopServer = () => {};
  if (engine === 'pglite') {
    database = await openDatabase({ pglite: await PGlite.create(), logger });
  } else {
    const server = await startThrowawayPostgres();
    stopServer = server.stop;
    database = await openDatabase({ databaseUrl: server.adminUrl, logger });
  }
  try {
    await migrateDatabase(database);
    const started = Date.now();
    const account = await seed(database.db);
    console.log(`[${engine}] seeded 1,001 users in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const env = loadEnv({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent' });
    const app = await buildApp({
      db: database.db,
      env,
      logger: false,
      // The sign-in flow is not measured; the settings are only needed to build the app.
      oidc: {
        issuer: 'http://127.0.0.1:9',
        clientId: 'bench',
        clientSecret: 'bench',
        redirectUri: `${env.PUBLIC_URL}/cb`,
      },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const headers = { cookie: `${SESSION_COOKIE}=${account.token}`, 'x-time-zone': 'UTC' };

    // Warm up, then count the statements of one GET /api/today.
    await fetch(`${base}/api/today`, { headers });
    logger.count = 0;
    const today = await fetch(`${base}/api/today`, { headers });
    const body = (await today.json()) as { tasks: unknown[]; habits: unknown[] };
    console.log(
      `[${engine}] GET /api/today: ${logger.count} SQL queries (1 session lookup + ${logger.count - 1}), ` +
        `${body.tasks.length} tasks + ${body.habits.length} habits`,
    );

    const json = { ...headers, 'content-type': 'application/json' };
    const habitPath = `/api/habits/${account.habitId}`;
    const runs: Array<{ call: string; options: Parameters<typeof autocannon>[0] }> = [
      { call: 'GET /api/today', options: { url: `${base}/api/today`, headers } },
      { call: 'GET /api/goals', options: { url: `${base}/api/goals`, headers } },
      {
        call: 'PATCH habit completedToday (tick/untick)',
        options: {
          url: base,
          requests: [
            {
              method: 'PATCH',
              path: habitPath,
              headers: json,
              body: JSON.stringify({ completedToday: true }),
            },
            {
              method: 'PATCH',
              path: habitPath,
              headers: json,
              body: JSON.stringify({ completedToday: false }),
            },
          ],
        },
      },
    ];
    for (const run of runs) {
      const result = await autocannon({ ...run.options, connections: CONNECTIONS, duration: DURATION_S });
      rows.push({
        engine,
        call: run.call,
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
      });
    }
    await app.close();
  } finally {
    await database.close();
    stopServer();
  }
}

/** Requests/s and latency of the hot API calls on both engines, against a real listening server. */
export async function runApiBenchmark(): Promise<void> {
  console.log(`API benchmark: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per call\n`);
  const rows: Row[] = [];
  await benchEngine('pglite', rows);
  if (hasPostgresBinaries()) {
    await benchEngine('postgres', rows);
  } else {
    console.warn('!!! PostgreSQL binaries not found: the PostgreSQL half of the benchmark is skipped.');
  }
  console.log();
  console.table(
    rows.map((row) => ({
      engine: row.engine,
      call: row.call,
      'req/s': row.rps,
      'p50 ms': row.p50,
      'p99 ms': row.p99,
      'errors+non2xx': row.errors,
    })),
  );
}
