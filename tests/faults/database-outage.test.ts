import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../server/helpers/postgres-server';
import {
  call,
  createDatabase,
  postgresAvailable,
  type ServerProcess,
  signIn,
  sleep,
  startServer,
} from './harness';

/*
 * PostgreSQL stopped, and frozen (SIGSTOP: a partition or a stuck host looks like this), under a
 * running server: every call answers within 5 s with 503, Retry-After and a message; /api/health says
 * so; once the database is back the same server process serves again without a restart.
 */

const BOUND_MS = 5_000;

let postgres: ThrowawayPostgres;
let server: ServerProcess;
let cookie: string;
let drop: () => Promise<void>;

const withPostgres = postgresAvailable();

beforeAll(async () => {
  if (!withPostgres) return;
  postgres = await startThrowawayPostgres();
  const database = await createDatabase(postgres.adminUrl, postgres.urlFor);
  drop = database.drop;
  server = await startServer({ DATABASE_URL: database.url });
  cookie = await signIn(server.url, `outage-${randomUUID()}@example.com`);
  expect((await call(server.url, cookie, 'POST', '/api/tasks', { title: 'Before' })).status).toBe(201);
});
afterAll(async () => {
  await server?.stop();
  await drop?.().catch(() => undefined);
  postgres?.stop();
});

/** Thirty calls at once, as thirty browsers would make them. */
function burst() {
  return Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      i % 3 === 0
        ? call(server.url, cookie, 'GET', '/api/health')
        : i % 3 === 1
          ? call(server.url, cookie, 'GET', '/api/today')
          : call(server.url, cookie, 'POST', '/api/tasks', { title: `During ${i}` }),
    ),
  );
}

function expectBoundedOutage(calls: Awaited<ReturnType<typeof burst>>) {
  const slowest = Math.max(...calls.map((c) => c.ms));
  console.info(`outage burst: ${calls.length} calls, slowest ${Math.round(slowest)} ms`);
  expect(slowest, 'slowest answer (ms)').toBeLessThan(BOUND_MS);
  expect(calls.map((c) => c.status).filter((status) => status !== 503)).toEqual([]);
  for (const c of calls) {
    expect(Number(c.retryAfter ?? 'x'), JSON.stringify(c.body)).toBeGreaterThan(0);
  }
  const messages = new Set(
    calls.map((c) => (c.body as { message?: string; database?: string }).message ?? 'health'),
  );
  expect(messages).toEqual(
    new Set(['health', 'Stride cannot reach its database right now. Try again in a few seconds.']),
  );
}

async function expectRecovery() {
  let last = 0;
  for (let i = 0; i < 50; i += 1) {
    last = (await call(server.url, cookie, 'POST', '/api/tasks', { title: 'After' })).status;
    if (last === 201) break;
    await sleep(200);
  }
  expect(last).toBe(201);
  expect((await call(server.url, cookie, 'GET', '/api/health')).status).toBe(200);
  expect(server.child.exitCode).toBeNull();
}

describe.runIf(withPostgres)('PostgreSQL outages under a running server', () => {
  it('stopped: bounded 503s, then recovery without a restart', async () => {
    postgres.shutdown();
    try {
      expectBoundedOutage(await burst());
    } finally {
      postgres.start();
    }
    await expectRecovery();
  });

  it('frozen (SIGSTOP): bounded 503s, then recovery once it thaws', async () => {
    const pids = postgres.pids();
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
    try {
      expectBoundedOutage(await burst());
      // Still frozen a while later: still bounded, nothing has piled up.
      await sleep(1_000);
      expectBoundedOutage(await burst());
    } finally {
      for (const pid of pids) process.kill(pid, 'SIGCONT');
    }
    await expectRecovery();
  });
});
