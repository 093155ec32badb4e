import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../server/helpers/postgres-server';
import { HOLD, TestPushService } from '../server/helpers/push-service';
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
 * Reminders through real server processes on one PostgreSQL (docs/decisions/032-push-reminders.md),
 * on the real clock: two instances each running the worker send every due reminder once, and the
 * instance holding a reminder killed with kill -9 in the middle of sending it leaves it to the other,
 * which sends it once its lease is over. Waits are bounded polls; nothing here measures time.
 *
 * The instances run a round every 2 s and lease a delivery for 15 s (REMINDER_ROUND_MS and
 * REMINDER_LEASE_MS, the shortest allowed lease), rather than 10 s and 60 s: the same code and the
 * same claims, waited out in a fraction of the time. Both cases wait for the same coming minute, side
 * by side (each has its own person, push subscription and database).
 */

/** What every instance here runs with. */
const WORKER = { REMINDER_ROUND_MS: '2000', REMINDER_LEASE_MS: '15000' };
const ROUND_MS = 2_000;

const withPostgres = postgresAvailable();
let postgres: ThrowawayPostgres;
let push: TestPushService;
const servers: ServerProcess[] = [];
const drops: Array<() => Promise<void>> = [];

beforeAll(async () => {
  push = await TestPushService.start();
  if (withPostgres) postgres = await startThrowawayPostgres();
});
afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null) await server.kill();
  await push.close();
  for (const drop of drops) await drop().catch(() => undefined);
  postgres?.stop();
});

/** The start of a minute at least 20 s away, and the task fields that make a reminder then (UTC). */
function nextMinute() {
  const due = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
  const iso = due.toISOString();
  return { due, plannedFor: iso.slice(0, 10), remindAt: iso.slice(11, 16) };
}

async function until(what: string, check: () => boolean, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await sleep(200);
  }
}

async function twoServers() {
  const database = await createDatabase(postgres.adminUrl, postgres.urlFor);
  drops.push(database.drop);
  const a = await startServer({ DATABASE_URL: database.url, ...WORKER });
  servers.push(a);
  return { database, a };
}

describe.runIf(withPostgres).concurrent('reminders on two server processes', () => {
  it('each due reminder arrives once, whichever instance sends it', async () => {
    const { database, a } = await twoServers();
    const b = await startServer({ DATABASE_URL: database.url, PUBLIC_URL: a.url, ...WORKER });
    servers.push(b);
    const cookie = await signIn(a.url, `twice-${randomUUID()}@example.com`);
    const browser = push.subscribe();
    expect((await call(a.url, cookie, 'POST', '/api/push/subscriptions', browser.json)).status).toBe(201);
    const { plannedFor, remindAt } = nextMinute();
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await call(a.url, cookie, 'POST', '/api/tasks', {
        title: `Due ${i}`,
        plannedFor,
        remindAt,
      });
      expect(res.status).toBe(201);
      ids.push((res.body as { id: string }).id);
    }
    await until('eight reminders', () => push.arrivalsFor(browser.id).length >= 8, 100_000);
    // Two more rounds of both workers find nothing more to send.
    await sleep(2 * ROUND_MS + 1_000);
    const arrived = push.arrivalsFor(browser.id).map((arrival) => (arrival.payload as { id: string }).id);
    expect(arrived.sort()).toEqual([...ids].sort());
    expect(push.rejected).toEqual([]);
  }, 180_000);

  it('a reminder whose instance is killed while sending it is sent by the other instance, once', async () => {
    const { database, a } = await twoServers();
    const cookie = await signIn(a.url, `killed-${randomUUID()}@example.com`);
    const browser = push.subscribe();
    expect((await call(a.url, cookie, 'POST', '/api/push/subscriptions', browser.json)).status).toBe(201);
    const { due, plannedFor, remindAt } = nextMinute();
    const task = await call(a.url, cookie, 'POST', '/api/tasks', { title: 'Survive', plannedFor, remindAt });
    expect(task.status).toBe(201);
    // The push service holds the first attempt open: the instance is in the middle of sending it.
    push.answerNext(browser.id, HOLD);
    await until('the first attempt', () => (push.attempts.get(browser.id) ?? 0) >= 1, 100_000);
    expect(Date.now()).toBeGreaterThanOrEqual(due.getTime());
    await a.kill();

    const b = await startServer({ DATABASE_URL: database.url, ...WORKER });
    servers.push(b);
    // The delivery's lease (15 s here) runs out, then b's worker sends it.
    await until(
      'the reminder from the other instance',
      () => push.arrivalsFor(browser.id).length >= 1,
      60_000,
    );
    // Two more rounds find nothing more to send.
    await sleep(2 * ROUND_MS + 1_000);
    const arrivals = push.arrivalsFor(browser.id);
    expect(arrivals).toHaveLength(1);
    expect(arrivals[0]?.payload).toMatchObject({ id: (task.body as { id: string }).id, title: 'Survive' });
    expect(push.attempts.get(browser.id)).toBe(2);
  }, 180_000);
});
