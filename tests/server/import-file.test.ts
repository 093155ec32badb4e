import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExportSchema, AccountImportResultSchema } from '#shared/api/account-data';
import { addDays } from '#shared/domain/days';
import { OFF_LOOP_BYTES, readImportFile } from '../../src/server/modules/account-data/import-file-off-loop';
import { uniqueEmail } from '../factories';
import { ApiClient } from './helpers/api';
import { loginAs } from './helpers/login';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from './helpers/test-app';

/*
 * A large import file is read in a worker thread (docs/decisions/037-fair-heavy-work.md): the same
 * answers as a small one, read on the event loop, while that loop goes on turning.
 */
const now = new Date('2026-03-10T12:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

async function person() {
  const signedIn = await loginAs(t.db, { email: uniqueEmail(), name: 'Lea Large', timeZone: 'UTC', now });
  return new ApiClient(t.app, signedIn.headers);
}

/** `count` habits made in 2001, each done on the `days` days before 2026-03-10. */
function habitsFile(count: number, days: number) {
  const completedDays = Array.from({ length: days }, (_, i) => addDays('2026-03-10', i - days + 1));
  return {
    format: 'stride-export',
    version: 3,
    habits: Array.from({ length: count }, (_, i) => ({
      id: randomUUID(),
      title: `Habit ${i}`,
      isToday: false,
      todaySortOrder: 0,
      sortOrder: i,
      createdAt: '2001-01-01T00:00:00Z',
      completedDays: [...completedDays],
    })),
  };
}

const sizeOf = (body: unknown) => Buffer.byteLength(JSON.stringify(body));

describe('a large import file', () => {
  it('is above the size read on the event loop', () => {
    expect(sizeOf(habitsFile(20, 1_200))).toBeGreaterThan(OFF_LOOP_BYTES);
  });

  it('imports every day of every item, in order', async () => {
    const client = await person();
    const file = habitsFile(20, 1_200);
    const result = await client.expect(200, AccountImportResultSchema, 'POST', '/api/account/import', file);
    expect(result.added).toMatchObject({ habits: 20 });
    const exported = await client.expect(200, AccountExportSchema, 'GET', '/api/account/export');
    expect(exported.habits.map((h) => [h.id, h.completedDays])).toEqual(
      file.habits.map((h) => [h.id, h.completedDays]),
    );
  });

  it('is refused with the same answer as a small file with the same fault', async () => {
    const client = await person();
    const large = habitsFile(20, 1_200);
    const small = habitsFile(20, 1);
    for (const file of [large, small]) {
      const days = file.habits[7]?.completedDays;
      if (!days) throw new Error('no habit 7');
      days[days.length - 1] = '2026-02-30';
    }
    expect(sizeOf(small)).toBeLessThan(OFF_LOOP_BYTES);
    const [largeAnswer, smallAnswer] = [
      await client.call('POST', '/api/account/import', large),
      await client.call('POST', '/api/account/import', small),
    ];
    expect(largeAnswer.statusCode).toBe(400);
    expect(largeAnswer.json()).toEqual({
      message: 'Day must be a date written YYYY-MM-DD',
      issues: [{ path: 'habits.7.completedDays.1199', message: 'Day must be a date written YYYY-MM-DD' }],
    });
    expect({ ...smallAnswer.json(), issues: undefined }).toEqual({
      ...largeAnswer.json(),
      issues: undefined,
    });
  });

  it('is refused as malformed when it is not JSON, and 401 to someone signed out', async () => {
    const client = await person();
    const text = `${JSON.stringify(habitsFile(20, 1_200)).slice(0, -1)},`;
    const malformed = await client.call('POST', '/api/account/import', text, {
      'content-type': 'application/json',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'Malformed JSON body' });
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/account/import',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: text,
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('leaves the event loop turning while it is read', async () => {
    const bytes = Buffer.from(JSON.stringify(habitsFile(40, 1_200)));
    let turns = 0;
    let reading = true;
    const count = () => {
      if (!reading) return;
      turns += 1;
      setImmediate(count);
    };
    setImmediate(count);
    const file = await readImportFile(bytes);
    reading = false;
    expect(file.habits).toHaveLength(40);
    // Read on the event loop, the file would be parsed before the first turn.
    expect(turns).toBeGreaterThan(10);
  });
});

describe('an import the server works on longer than a connection may sit idle', () => {
  // Reading the file in its thread alone takes longer than this, with nothing sent either way.
  const IDLE_MS = 200;
  let listening: TestApp;
  let base: string;

  beforeAll(async () => {
    listening = await createTestApp({
      clock: () => now,
      clientTimeouts: { headersMs: 10_000, requestMs: 30_000, idleMs: IDLE_MS },
    });
    await listening.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(listening.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => listening.close());

  it('is answered', async () => {
    const signedIn = await loginAs(listening.db, { email: uniqueEmail(), timeZone: 'UTC', now });
    const res = await fetch(`${base}/api/account/import`, {
      method: 'POST',
      headers: { ...signedIn.headers, 'content-type': 'application/json', origin: TEST_PUBLIC_URL },
      body: JSON.stringify(habitsFile(20, 1_200)),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(AccountImportResultSchema.parse(await res.json()).added.habits).toBe(20);
  });
});
