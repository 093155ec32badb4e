import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/server/db/schema';
import {
  createSession,
  hashSessionToken,
  revokeSession,
  SESSION_IDLE_MS,
  SESSION_REFRESH_MS,
} from '../../src/server/modules/sessions/sessions.service';
import { SESSION_COOKIE } from '../../src/shared/api/wire-names';
import { uniqueEmail } from '../factories';
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

  it('a revoked session is signed out', async () => {
    now = new Date('2026-03-01T00:00:00Z');
    const { token } = await loginAs(t.db, { email: uniqueEmail(), now });
    expect((await today(token)).statusCode).toBe(200);
    await revokeSession(t.db, token);
    expect((await today(token)).statusCode).toBe(401);
    expect(await storedSession(token)).toBeUndefined();
  });
});
