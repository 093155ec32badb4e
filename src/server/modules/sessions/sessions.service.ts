import { createHash, randomBytes } from 'node:crypto';
// Brings reply.setCookie / request.cookies into the Fastify types.
import type {} from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE } from '../../../shared/api/wire-names';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { Env } from '../../env';
import {
  deleteExpiredSessions,
  deleteSession,
  findLiveSession,
  insertSession,
  touchSession,
} from './sessions.repo';

/** Idle lifetime: a session unused for this long is over. */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** The sliding expiry is written at most this often, so reads do not turn into a write per request. */
export const SESSION_REFRESH_MS = 60 * 60 * 1000;

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new random session (256 bits); only the token's hash is stored. */
export async function createSession(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS);
  // Sign-in is the natural moment to sweep this user's dead sessions; no background job needed.
  await deleteExpiredSessions(db, userId, now);
  await insertSession(db, userId, { tokenHash: hashSessionToken(token), now, expiresAt });
  return { token, expiresAt };
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await deleteSession(db, hashSessionToken(token));
}

export type AuthenticatedSession = {
  user: UserRow;
  expiresAt: Date;
  /** True when this call slid the expiry forward, so the cookie should be sent again. */
  refreshed: boolean;
};

/**
 * The session for a cookie token, or undefined when unknown or expired. Slides the expiry forward
 * when the last refresh is older than SESSION_REFRESH_MS.
 */
export async function authenticateSession(
  db: Db,
  token: string,
  now: Date,
): Promise<AuthenticatedSession | undefined> {
  if (token.length === 0 || token.length > 200) return undefined;
  const tokenHash = hashSessionToken(token);
  const session = await findLiveSession(db, tokenHash, now);
  if (!session) return undefined;
  if (now.getTime() - session.lastSeenAt.getTime() < SESSION_REFRESH_MS) {
    return { user: session.user, expiresAt: session.expiresAt, refreshed: false };
  }
  const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS);
  await touchSession(db, session.user.id, tokenHash, { now, expiresAt });
  return { user: session.user, expiresAt, refreshed: true };
}

export async function findUserBySessionToken(db: Db, token: string, now: Date): Promise<UserRow | undefined> {
  return (await authenticateSession(db, token, now))?.user;
}

/** The cookie lives as long as the server-side idle window; the server's expiry is what counts. */
export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, env: Env): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: env.NODE_ENV === 'production',
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, env: Env): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: env.NODE_ENV === 'production',
    path: '/',
  });
}
