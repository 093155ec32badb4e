import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_STATE_COOKIE } from '../../src/server/modules/auth/auth.routes';
import { SESSION_COOKIE } from '../../src/server/modules/auth/sessions.service';
import { uniqueEmail } from '../factories';
import { loginAs } from './helpers/login';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from './helpers/test-app';

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

  it('a sign-in start or callback lands on /login with words for it, not a JSON 503', async () => {
    const start = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google',
      headers: { ...headers, host: new URL(TEST_PUBLIC_URL).host },
    });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('/login?error=sign_in_unavailable');
    const callback = await t.app.inject({
      method: 'GET',
      url: '/api/auth/callback?state=abc&code=xyz',
      headers: { ...headers, cookie: `${headers.cookie}; ${AUTH_STATE_COOKIE}=abc` },
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/login?error=sign_in_unavailable');
  });

  it('sign-out still clears the cookie and says the session could not be ended on the server', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/logout',
      headers: { ...headers, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Signed out on this device');
    const cleared = res.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
  });
});
