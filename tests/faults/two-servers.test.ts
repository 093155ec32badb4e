import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../server/helpers/postgres-server';
import { call, createDatabase, postgresAvailable, type ServerProcess, signIn, startServer } from './harness';

/*
 * Two server processes: on one PostgreSQL they are one service (a session from one works on the
 * other, and one person's simultaneous writes through both stay consistent); on one embedded data
 * directory the second refuses to start.
 */

let postgres: ThrowawayPostgres;
const servers: ServerProcess[] = [];
let drop: () => Promise<void> = async () => undefined;
const root = mkdtempSync(join(tmpdir(), 'stride-two-'));

const withPostgres = postgresAvailable();

beforeAll(async () => {
  if (withPostgres) postgres = await startThrowawayPostgres();
});
afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null) await server.kill();
  await drop().catch(() => undefined);
  postgres?.stop();
  rmSync(root, { recursive: true, force: true });
});

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = items.slice();
  let state = seed;
  for (let i = copy.length - 1; i > 0; i -= 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

describe.runIf(withPostgres)('two servers on one PostgreSQL', () => {
  it('share sessions, and concurrent creates and reorders across them stay consistent', async () => {
    const database = await createDatabase(postgres.adminUrl, postgres.urlFor);
    drop = database.drop;
    const a = await startServer({ DATABASE_URL: database.url });
    servers.push(a);
    // The second server answers at its own address, but browsers use one public URL.
    const b = await startServer({ DATABASE_URL: database.url, PUBLIC_URL: a.url });
    servers.push(b);
    const bUrl = `http://127.0.0.1:${b.port}`;
    const cookie = await signIn(a.url, `two-${randomUUID()}@example.com`);
    // API calls on B with A's session (the Origin is the public URL, A's).
    const onB = (method: string, path: string, body?: unknown) =>
      fetch(`${bUrl}${path}`, {
        method,
        headers: { cookie, origin: a.url, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      }).then(async (res) => ({ status: res.status, body: (await res.text()) || undefined }));
    expect((await onB('GET', '/api/auth/user')).status).toBe(200);

    // 50 creates at once, alternating servers: 50 distinct positions.
    const creates = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? call(a.url, cookie, 'POST', '/api/tasks', { title: `A${i}`, isToday: true })
          : onB('POST', '/api/tasks', { title: `B${i}`, isToday: true }).then((res) => ({
              status: res.status,
              body: JSON.parse(res.body ?? 'null') as unknown,
            })),
      ),
    );
    expect(creates.map((res) => res.status)).toEqual(Array(50).fill(201));
    const tasks = creates.map((res) => res.body as { id: string; sortOrder: number; todaySortOrder: number });
    expect(new Set(tasks.map((task) => task.sortOrder)).size).toBe(50);
    expect(new Set(tasks.map((task) => task.todaySortOrder)).size).toBe(50);

    // 10 reorders of the same list at once, alternating servers: all succeed, one order wins whole.
    const orders = Array.from({ length: 10 }, (_, round) =>
      shuffled(tasks, round + 11).map((task) => task.id),
    );
    const reorders = await Promise.all(
      orders.map((ids, round) => {
        const body = { goalId: null, items: ids.map((id, position) => ({ id, sortOrder: position })) };
        return round % 2 === 0
          ? call(a.url, cookie, 'POST', '/api/tasks/reorder', body)
          : onB('POST', '/api/tasks/reorder', body);
      }),
    );
    expect(reorders.map((res) => res.status)).toEqual(Array(10).fill(204));
    const final = (
      (await call(a.url, cookie, 'GET', '/api/tasks?goalId=none')).body as Array<{ id: string }>
    ).map((task) => task.id);
    expect(orders).toContainEqual(final);
  });
});

describe('two servers on one embedded data directory', () => {
  it('the second refuses with one line naming the first; after kill -9 the next one takes over', async () => {
    const dataDir = join(root, 'shared');
    const first = await startServer({ DATA_DIR: dataDir });
    servers.push(first);
    const second = await startServer({ DATA_DIR: dataDir }, { waitForHealth: false });
    expect(await second.exited).toBe(1);
    const lines = second.output().trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Another Stride server \\(pid ${first.child.pid} on .+\\) is using the data directory ${dataDir}`,
        ),
      ),
    ]);
    // The first one was never disturbed.
    const cookie = await signIn(first.url, `dir-${randomUUID()}@example.com`);
    expect((await call(first.url, cookie, 'POST', '/api/habits', { title: 'Still mine' })).status).toBe(201);

    await first.kill();
    const third = await startServer({ DATA_DIR: dataDir });
    servers.push(third);
    const again = await signIn(third.url, `dir-${randomUUID()}@example.com`);
    expect((await call(third.url, again, 'GET', '/api/today')).status).toBe(200);
    await third.stop();
  });
});
