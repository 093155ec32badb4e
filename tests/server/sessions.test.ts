import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountSessionListSchema } from '#shared/api/auth';
import { sessions } from '../../src/server/db/schema';
import { SESSION_CACHE_TTL_MS } from '../../src/server/modules/auth/session-cache';
import {
  createSession,
  hashSessionToken,
  MAX_SESSIONS_PER_USER,
  revokeSession,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
  SESSION_IDLE_MS,
  SESSION_REFRESH_MS,
} from '../../src/server/modules/auth/sessions.service';
import { uniqueEmail } from '../factories';
import { ApiClient } from './helpers/api';
import { loginAs } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

let now = new Date('2026-01-01T00:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

const today = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/today', headers: { cookie: `${SESSION_COOKIE}=${cookie}` } });

async function storedSession(token: string) {
  const [row] = await t.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashSessionToken(token)));
  return row;
}

describe('sessions', () => {
  it('stores only the sha256 of a 256-bit token', async () => {
    const { user } = await loginAs(t.db, { email: uniqueEmail(), now });
    const { token } = await createSession(t.db, user.id, now);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const row = await storedSession(token);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);
  });

  it('expires after 30 idle days', async () => {
    now = new Date('2026-01-01T00:00:00Z');
    const { token } = await loginAs(t.db, { email: uniqueEmail(), now });
    now = new Date(now.getTime() + SESSION_IDLE_MS - 1000);
    expect((await today(token)).statusCode).toBe(200);
    const { token: idle } = await loginAs(t.db, {
      email: uniqueEmail(),
      now: new Date('2026-01-01T00:00:00Z'),
    });
    now = new Date(new Date('2026-01-01T00:00:00Z').getTime() + SESSION_IDLE_MS + 1000);
    const res = await today(idle);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not signed in' });
  });

  it('slides the expiry forward at most once an hour, re-sending the cookie when it does', async () => {
    const start = new Date('2026-02-01T00:00:00Z');
    now = start;
    const { token } = await loginAs(t.db, { email: uniqueEmail(), now });
    const initial = await storedSession(token);

    now = new Date(start.getTime() + SESSION_REFRESH_MS / 2);
    const quiet = await today(token);
    expect(quiet.statusCode).toBe(200);
    expect(quiet.headers['set-cookie']).toBeUndefined();
    expect((await storedSession(token))?.expiresAt).toEqual(initial?.expiresAt);

    now = new Date(start.getTime() + SESSION_REFRESH_MS + 1000);
    const refreshed = await today(token);
    expect(refreshed.statusCode).toBe(200);
    expect(String(refreshed.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=${token}`);
    expect((await storedSession(token))?.expiresAt).toEqual(new Date(now.getTime() + SESSION_IDLE_MS));

    // Used every 20 days, the session outlives its first 30-day window.
    for (let i = 0; i < 3; i += 1) {
      now = new Date(now.getTime() + 20 * 24 * 60 * 60 * 1000);
      expect((await today(token)).statusCode).toBe(200);
    }
  });

  it('a new sign-in sweeps the user’s expired sessions and keeps the live ones', async () => {
    const start = new Date('2026-04-01T00:00:00Z');
    const { user, token: old } = await loginAs(t.db, { email: uniqueEmail(), now: start });
    const { token: recent } = await createSession(t.db, user.id, new Date(start.getTime() + 20 * 86_400_000));
    await createSession(t.db, user.id, new Date(start.getTime() + SESSION_IDLE_MS + 1000));
    expect(await storedSession(old)).toBeUndefined();
    expect(await storedSession(recent)).toBeDefined();
  });

  it('a session signed out here is refused at once', async () => {
    now = new Date('2026-03-01T00:00:00Z');
    const { token } = await loginAs(t.db, { email: uniqueEmail(), now });
    expect((await today(token)).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'GET',
      url: '/api/auth/logout',
      headers: { cookie: `${SESSION_COOKIE}=${token}`, 'sec-fetch-site': 'same-origin' },
    });
    expect(logout.statusCode).toBe(302);
    expect((await today(token)).statusCode).toBe(401);
    expect(await storedSession(token)).toBeUndefined();
  });

  it(`a session revoked by another instance is refused within ${SESSION_CACHE_TTL_MS / 1000} s`, async () => {
    now = new Date('2026-03-02T00:00:00Z');
    const { token } = await loginAs(t.db, { email: uniqueEmail(), now });
    expect((await today(token)).statusCode).toBe(200);
    // Another server process deletes the row: this one still trusts what it read a moment ago...
    await revokeSession(t.db, token);
    now = new Date(now.getTime() + SESSION_CACHE_TTL_MS - 1);
    expect((await today(token)).statusCode).toBe(200);
    // ...but no longer than the cache's lifetime.
    now = new Date(now.getTime() + 1);
    expect((await today(token)).statusCode).toBe(401);
  });

  it('ends 90 days after sign-in however often it is used, and the cookie says so', async () => {
    const start = new Date('2026-06-01T00:00:00Z');
    now = start;
    const { token } = await loginAs(t.db, { email: uniqueEmail(), now });
    let lastCookie = '';
    // Used every day: the idle window keeps sliding, but never past the absolute lifetime.
    for (let day = 1; day < 90; day += 1) {
      now = new Date(start.getTime() + day * 86_400_000);
      const res = await today(token);
      expect(res.statusCode, `day ${day}`).toBe(200);
      if (res.headers['set-cookie']) lastCookie = String(res.headers['set-cookie']);
    }
    const end = new Date(start.getTime() + SESSION_ABSOLUTE_MS);
    expect(lastCookie).toContain(`Expires=${end.toUTCString()}`);
    expect((await storedSession(token))?.expiresAt).toEqual(end);
    now = new Date(end.getTime() + 1000);
    expect((await today(token)).statusCode).toBe(401);
    // Even a row whose idle expiry was pushed past the lifetime by hand does not open.
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(now.getTime() + 86_400_000) })
      .where(eq(sessions.tokenHash, hashSessionToken(token)));
    expect((await today(token)).statusCode).toBe(401);
  });

  it(`keeps at most ${MAX_SESSIONS_PER_USER} live sessions, ending the least recently used`, async () => {
    const start = new Date('2026-07-01T00:00:00Z');
    const { user, token: first } = await loginAs(t.db, { email: uniqueEmail(), now: start });
    const tokens = [first];
    for (let i = 1; i <= MAX_SESSIONS_PER_USER; i += 1) {
      tokens.push((await createSession(t.db, user.id, new Date(start.getTime() + i * 60_000))).token);
    }
    now = new Date(start.getTime() + 3_600_000);
    expect((await today(first)).statusCode).toBe(401);
    for (const token of tokens.slice(1)) expect((await today(token)).statusCode).toBe(200);
  });
});

describe('the account’s sessions', () => {
  it('lists this person’s sessions with this device marked, and nobody else’s', async () => {
    now = new Date('2026-08-01T00:00:00Z');
    const phone = await loginAs(t.db, { email: uniqueEmail(), now });
    await createSession(t.db, phone.user.id, now, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0');
    await loginAs(t.db, { email: uniqueEmail('stranger'), now });
    const client = new ApiClient(t.app, phone.headers);
    const { sessions: listed } = await client.expect(
      200,
      AccountSessionListSchema,
      'GET',
      '/api/auth/sessions',
    );
    expect(listed).toHaveLength(2);
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    expect(listed.map((session) => session.userAgent)).toContain(
      'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0',
    );
    expect(JSON.stringify(listed)).not.toContain(hashSessionToken(phone.token));
  });

  it('revokes one session by id (404 for another person’s), and signs out everywhere else', async () => {
    now = new Date('2026-08-02T00:00:00Z');
    const me = await loginAs(t.db, { email: uniqueEmail(), now });
    const laptop = await createSession(t.db, me.user.id, now);
    const tablet = await createSession(t.db, me.user.id, now);
    const other = await loginAs(t.db, { email: uniqueEmail('other'), now });
    const client = new ApiClient(t.app, me.headers);
    const otherClient = new ApiClient(t.app, other.headers);

    const list = async (c: ApiClient) =>
      (await c.expect(200, AccountSessionListSchema, 'GET', '/api/auth/sessions')).sessions;
    const laptopId = (await list(client)).find((s) => !s.current)?.id ?? '';
    expect((await otherClient.call('DELETE', `/api/auth/sessions/${laptopId}`)).statusCode).toBe(404);
    expect((await client.call('DELETE', `/api/auth/sessions/${laptopId}`)).statusCode).toBe(204);
    expect(await list(client)).toHaveLength(2);

    expect((await client.call('DELETE', '/api/auth/sessions')).statusCode).toBe(204);
    expect(await list(client)).toHaveLength(1);
    expect((await today(laptop.token)).statusCode).toBe(401);
    expect((await today(tablet.token)).statusCode).toBe(401);
    expect((await today(me.token)).statusCode).toBe(200);
    expect((await today(other.token)).statusCode).toBe(200);
  });

  it('revoking this device’s own session signs it out and clears the cookie', async () => {
    now = new Date('2026-08-03T00:00:00Z');
    const me = await loginAs(t.db, { email: uniqueEmail(), now });
    const client = new ApiClient(t.app, me.headers);
    const [mine] = (await client.expect(200, AccountSessionListSchema, 'GET', '/api/auth/sessions')).sessions;
    const res = await client.call('DELETE', `/api/auth/sessions/${mine?.id}`);
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=;`);
    expect((await today(me.token)).statusCode).toBe(401);
  });
});
