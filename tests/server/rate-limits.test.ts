import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../factories';
import { ApiClient, messageOf } from './helpers/api';
import { loginAs } from './helpers/login';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from './helpers/test-app';

/*
 * The rate limits (docs/decisions/011-abuse-limits.md) at small numbers so a test reaches them: each
 * answers 429 with Retry-After and a message a person can act on, counts only its own kind of call,
 * and recovers as time passes.
 */

let now = new Date('2026-05-01T09:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    clock: () => now,
    rateLimits: true,
    env: { RATE_LIMIT_SIGN_IN: '3', RATE_LIMIT_WRITES: '5', RATE_LIMIT_ANONYMOUS: '4' },
  });
});
afterAll(() => t.close());

const later = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};

const host = new URL(TEST_PUBLIC_URL).host;

function expectLimited(res: { statusCode: number; headers: Record<string, unknown> }, message: RegExp) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(messageOf(res as never)).toMatch(message);
}

describe('rate limits', () => {
  it('sign-in starts: per client address', async () => {
    const start = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/google', headers: { host }, remoteAddress });
    for (let i = 0; i < 3; i += 1) expect((await start('198.51.100.1')).statusCode).toBe(302);
    const limited = await start('198.51.100.1');
    expectLimited(
      limited,
      /^Too many sign-in attempts from your network\. Wait \d+ seconds and try again\.$/,
    );
    expect((await start('198.51.100.2')).statusCode).toBe(302);
    later(60);
    expect((await start('198.51.100.1')).statusCode).toBe(302);
  });

  it('writes: per person, reads untouched, another person unaffected', async () => {
    const alice = new ApiClient(t.app, (await loginAs(t.db, { email: uniqueEmail('alice') })).headers);
    const bob = new ApiClient(t.app, (await loginAs(t.db, { email: uniqueEmail('bob') })).headers);
    for (let i = 0; i < 5; i += 1) await alice.createTask();
    const limited = await alice.call('POST', '/api/tasks', { title: 'one too many' });
    expectLimited(
      limited,
      /^You are making changes faster than Stride can take them\. Slow down and try again in \d+ seconds\.$/,
    );
    // Nothing was created by the refused call.
    const titles = (await alice.call('GET', '/api/tasks')).json() as Array<{ title: string }>;
    expect(titles.map((task) => task.title)).not.toContain('one too many');
    for (let i = 0; i < 20; i += 1) expect((await alice.call('GET', '/api/today')).statusCode).toBe(200);
    expect((await bob.call('POST', '/api/tasks', { title: 'Bob is fine' })).statusCode).toBe(201);
    later(Number(limited.headers['retry-after']));
    expect((await alice.call('POST', '/api/tasks', { title: 'after the wait' })).statusCode).toBe(201);
  });

  it('calls without a session: per client address', async () => {
    const anonymous = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: '/api/today', remoteAddress });
    for (let i = 0; i < 4; i += 1) expect((await anonymous('203.0.113.9')).statusCode).toBe(401);
    expectLimited(
      await anonymous('203.0.113.9'),
      /^Too many requests from your network\. Wait \d+ seconds and try again\.$/,
    );
    expect((await anonymous('203.0.113.10')).statusCode).toBe(401);
  });

  it('the health check counts against none: 400 checks from one address never meet a 429, its other signed-out calls do', async () => {
    const address = '203.0.113.11';
    const health: number[] = [];
    const signedOut: number[] = [];
    for (let i = 0; i < 400; i += 1) {
      health.push(
        (await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: address })).statusCode,
      );
      if (i % 50 === 0) {
        signedOut.push(
          (await t.app.inject({ method: 'GET', url: '/api/today', remoteAddress: address })).statusCode,
        );
      }
    }
    expect(health.filter((status) => status !== 200)).toEqual([]);
    // The clock stands still, so the address's allowance of 4 is spent and stays spent.
    expect(signedOut).toEqual([401, 401, 401, 401, 429, 429, 429, 429]);
  });

  it('X-Forwarded-For does not choose the address unless TRUST_PROXY says so', async () => {
    const start = (forwardedFor: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/auth/google',
        headers: { host, 'x-forwarded-for': forwardedFor },
        remoteAddress: '192.0.2.50',
      });
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await start(`10.9.9.${i}`)).statusCode);
    expect(statuses).toEqual([302, 302, 302, 429, 429]);
  });
});

describe('rate limits behind a trusted proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({
      rateLimits: true,
      env: { RATE_LIMIT_SIGN_IN: '2', TRUST_PROXY: '127.0.0.1' },
    });
  });
  afterAll(() => proxied.close());

  it('counts each client the proxy names, not the proxy', async () => {
    const start = (forwardedFor: string) =>
      proxied.app.inject({
        method: 'GET',
        url: '/api/auth/google',
        headers: { host, 'x-forwarded-for': forwardedFor },
        remoteAddress: '127.0.0.1',
      });
    for (let i = 0; i < 6; i += 1) expect((await start(`198.51.100.${i}`)).statusCode).toBe(302);
    await start('198.51.100.77');
    await start('198.51.100.77');
    expect((await start('198.51.100.77')).statusCode).toBe(429);
  });
});

describe('default limits', () => {
  let defaults: TestApp;
  beforeAll(async () => {
    defaults = await createTestApp({ rateLimits: true });
  });
  afterAll(() => defaults.close());

  it('a person never meets them: a 200-line bulk add, then 60 quick drags', async () => {
    const client = new ApiClient(
      defaults.app,
      (await loginAs(defaults.db, { email: uniqueEmail() })).headers,
    );
    const created = [];
    for (let i = 0; i < 200; i += 1) {
      const res = await client.call('POST', '/api/tasks', { title: `Line ${i}`, sortOrder: i });
      expect(res.statusCode).toBe(201);
      created.push((res.json() as { id: string }).id);
    }
    for (let i = 0; i < 60; i += 1) {
      const items = created.slice(0, 30).map((id, index) => ({ id, sortOrder: (index + i) % 30 }));
      expect((await client.call('POST', '/api/tasks/reorder', { goalId: null, items })).statusCode).toBe(204);
    }
  });
});
