import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../factories';
import { ApiClient } from './helpers/api';
import { loginAs } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Where commits are grouped (the embedded database on disk, db/pglite-durability.ts), the answer to a
 * write leaves only after a flush that covers it (plugins/durable-answers.ts). The flush here is the
 * test's own, held until the test lets it go, so the order of answer and flush is seen, not timed.
 */

let t: TestApp;
let alice: ApiClient;
let flushes = 0;
let failNext = false;
let held: Array<() => void> = [];

/** Lets every flush asked for so far complete. */
const releaseFlushes = () => {
  for (const release of held) release();
  held = [];
};

beforeAll(async () => {
  t = await createTestApp({
    flushWrites: () => {
      flushes += 1;
      if (failNext) {
        failNext = false;
        return Promise.reject(new Error('EIO: fsync failed'));
      }
      return new Promise<void>((resolve) => held.push(resolve));
    },
  });
  alice = new ApiClient(t.app, (await loginAs(t.db, { email: uniqueEmail() })).headers);
});
afterAll(() => t.close());

/** Settles pending I/O so that an answer which does not wait would have arrived. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('answers to writes wait for the disk', () => {
  it('holds a write’s answer until the flush after it completes', async () => {
    const before = flushes;
    let answered = false;
    const answer = alice.call('POST', '/api/habits', { title: 'Stretch' }).then((res) => {
      answered = true;
      return res;
    });
    while (flushes === before) await settle();
    await settle();
    expect(answered).toBe(false);
    releaseFlushes();
    expect((await answer).statusCode).toBe(201);
  });

  it('does not flush for a read, nor for a refused write', async () => {
    const before = flushes;
    expect((await alice.call('GET', '/api/habits')).statusCode).toBe(200);
    expect((await alice.call('POST', '/api/habits', { title: '' })).statusCode).toBe(400);
    expect(flushes).toBe(before);
  });

  it('flushes for sign-out, a GET that writes', async () => {
    const bob = await loginAs(t.db, { email: uniqueEmail() });
    const before = flushes;
    const answer = t.app.inject({ method: 'GET', url: '/api/auth/logout', headers: bob.headers });
    while (flushes === before) await settle();
    releaseFlushes();
    expect((await answer).statusCode).toBe(302);
  });

  it('answers 503 with words when the flush fails, never the success it could not keep', async () => {
    failNext = true;
    const res = await alice.call('POST', '/api/habits', { title: 'Read' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message:
        'Stride could not save this change to disk. Try again in a moment; if it keeps failing, the server needs attention.',
    });
    expect(res.headers['retry-after']).toBe('5');
  });
});
