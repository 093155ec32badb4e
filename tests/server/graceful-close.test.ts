import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * main.ts stops on SIGTERM with app.close() and only then closes the database; this checks that
 * close() lets a request already being handled finish, with the app's real configuration.
 */
let t: TestApp;
let stopping = false;
let entered: () => void;
const requestEntered = new Promise<void>((resolve) => {
  entered = resolve;
});
let release: () => void;
const released = new Promise<void>((resolve) => {
  release = resolve;
});

beforeAll(async () => {
  t = await createTestApp({
    stopping: () => stopping,
    extend: (app) => {
      // Under /api/auth: answered without a session, on whatever host name it is reached.
      app.get('/api/auth/slow-test-route', async () => {
        entered();
        await released;
        return { done: true };
      });
    },
  });
});
afterAll(() => t.close());

describe('graceful close', () => {
  it('while draining, health answers 503 stopping and requests are still served, closing their connection', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(before.statusCode).toBe(200);
    expect(before.headers.connection).not.toBe('close');
    stopping = true;
    try {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'stopping', database: 'up' });
      const served = await t.app.inject({ method: 'GET', url: '/api/auth/user' });
      expect(served.statusCode).toBe(401);
      expect(served.headers.connection).toBe('close');
    } finally {
      stopping = false;
    }
  });

  it('waits for a request in flight to finish before it resolves', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const inFlight = fetch(`${base}/api/auth/slow-test-route`);
    await requestEntered;

    let closed = false;
    const closing = t.app.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);

    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closing;
    expect(closed).toBe(true);
  });
});
