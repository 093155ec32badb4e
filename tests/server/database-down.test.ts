import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../factories';
import { loginAs } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  headers = (await loginAs(t.db, { email: uniqueEmail() })).headers;
  await t.closeDatabase();
});
afterAll(() => t.close());

describe('when the database is gone', () => {
  it('GET /api/health answers 503 with database down', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'degraded', database: 'down' });
  });

  it('API calls answer 503 with Retry-After and a message a person can act on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/today', headers });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      message: 'Stride cannot reach its database right now. Try again in a few seconds.',
    });
  });
});
