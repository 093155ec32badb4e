import { createHash, randomBytes } from 'node:crypto';
// Brings reply.setCookie / request.cookies into the Fastify types.
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountSession } from '#shared/api/auth';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { Env } from '../../env';
import { notFound } from '../../errors';
import type { SessionCache } from './session-cache';
import {
  deleteDeadSessions,
  deleteOtherUserSessions,
  deleteSessionByTokenHash,
  deleteSessionsBeyond,
  deleteUserSession,
  findLiveSession,
  insertSession,
  listUserSessions,
  type SessionWithUser,
  touchSession,
} from './sessions.repo';

/** Idle lifetime: a session unused for this long is over. */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** Absolute lifetime: however often it is used, a session ends this long after sign-in. */
export const SESSION_ABSOLUTE_MS = 90 * 24 * 60 * 60 * 1000;
/** The sliding expiry is written at most this often, so reads do not turn into a write per request. */
export const SESSION_REFRESH_MS = 60 * 60 * 1000;
/** Live sessions per person; a new sign-in beyond it ends the least recently used one. */
export const MAX_SESSIONS_PER_USER = 20;
const USER_AGENT_MAX = 300;

/** The cookie's name outside production (plain http://localhost cannot carry a `__Host-` cookie). */
export const SESSION_COOKIE = 'stride_session';
/** In production `__Host-` makes the browser refuse the cookie unless Secure, host-only and Path=/. */
export const SECURE_SESSION_COOKIE = '__Host-stride_session';

export function sessionCookieName(env: Pick<Env, 'NODE_ENV'>): string {
  return env.NODE_ENV === 'production' ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The session token this request carries, if any. */
export function sessionTokenOf(request: FastifyRequest, env: Pick<Env, 'NODE_ENV'>): string | undefined {
  return request.cookies[sessionCookieName(env)] || undefined;
}

const lifetimeStart = (now: Date) => new Date(now.getTime() - SESSION_ABSOLUTE_MS);

/** The later of the idle window and the absolute lifetime: whichever ends first wins. */
function expiryFor(createdAt: Date, now: Date): Date {
  return new Date(Math.min(now.getTime() + SESSION_IDLE_MS, createdAt.getTime() + SESSION_ABSOLUTE_MS));
}

/** A session that a call ended: the streams opened with it must close on every instance. */
export type EndedSession = { userId: string; id: string };

/**
 * A new random session (256 bits); only the token's hash is stored. Sign-in is the natural moment to
 * sweep this user's dead sessions and to enforce the cap, so no background job is needed. Answers the
 * sessions the cap ended (forgotten by `cache` here; the caller ends their streams).
 */
export async function createSession(
  db: Db,
  userId: string,
  now: Date,
  userAgent?: string,
  cache?: SessionCache,
): Promise<{ token: string; expiresAt: Date; ended: EndedSession[] }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = expiryFor(now, now);
  await deleteDeadSessions(db, userId, now, lifetimeStart(now));
  await insertSession(db, userId, {
    tokenHash: hashSessionToken(token),
    userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
    now,
    expiresAt,
  });
  const evicted = await deleteSessionsBeyond(db, userId, MAX_SESSIONS_PER_USER);
  for (const id of evicted) cache?.forgetUser(userId, id);
  return { token, expiresAt, ended: evicted.map((id) => ({ userId, id })) };
}

/** Ends the session behind a token; answers it when there was one. */
export async function revokeSession(
  db: Db,
  token: string,
  cache?: SessionCache,
): Promise<EndedSession | undefined> {
  const tokenHash = hashSessionToken(token);
  cache?.forget(tokenHash);
  return deleteSessionByTokenHash(db, tokenHash);
}

export type AuthenticatedSession = {
  user: UserRow;
  /** The session's public id (the account's session list marks this one as the current device). */
  id: string;
  expiresAt: Date;
  /** True when this call slid the expiry forward, so the cookie should be sent again. */
  refreshed: boolean;
};

/**
 * The session for a cookie token, or undefined when unknown, idle too long or past its lifetime.
 * Slides the idle expiry forward (never past the lifetime) when the last refresh is older than
 * SESSION_REFRESH_MS.
 */
export async function authenticateSession(
  db: Db,
  token: string,
  now: Date,
  cache?: SessionCache,
): Promise<AuthenticatedSession | undefined> {
  if (token.length === 0 || token.length > 200) return undefined;
  const tokenHash = hashSessionToken(token);
  let session = cache?.get(tokenHash, now);
  if (session && !isLive(session, now)) {
    cache?.forget(tokenHash);
    return undefined;
  }
  if (!session) {
    session = await findLiveSession(db, tokenHash, now, lifetimeStart(now));
    if (!session) return undefined;
    cache?.set(tokenHash, session, now);
  }
  const base = { user: session.user, id: session.id };
  if (now.getTime() - session.lastSeenAt.getTime() < SESSION_REFRESH_MS) {
    return { ...base, expiresAt: session.expiresAt, refreshed: false };
  }
  const expiresAt = expiryFor(session.createdAt, now);
  await touchSession(db, session.user.id, tokenHash, { now, expiresAt });
  session.lastSeenAt = now;
  session.expiresAt = expiresAt;
  return { ...base, expiresAt, refreshed: true };
}

/** The same test findLiveSession makes in SQL, for a session read a moment ago. */
function isLive(session: SessionWithUser, now: Date): boolean {
  return (
    session.expiresAt.getTime() > now.getTime() && session.createdAt.getTime() > lifetimeStart(now).getTime()
  );
}

/** The person's live sessions: this device first, then the most recently used, this one marked. */
export async function listSessions(
  db: Db,
  userId: string,
  currentId: string,
  now: Date,
): Promise<AccountSession[]> {
  const start = lifetimeStart(now).getTime();
  return (await listUserSessions(db, userId))
    .filter((row) => row.expiresAt.getTime() > now.getTime() && row.createdAt.getTime() > start)
    .sort((a, b) => Number(b.id === currentId) - Number(a.id === currentId))
    .map((row) => ({
      id: row.id,
      current: row.id === currentId,
      userAgent: row.userAgent,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    }));
}

export async function revokeSessionById(
  db: Db,
  userId: string,
  sessionId: string,
  cache?: SessionCache,
): Promise<void> {
  cache?.forgetUser(userId, sessionId);
  if (!(await deleteUserSession(db, userId, sessionId))) throw notFound('Session');
}

/** "Sign out everywhere else": every session of the user but this one ends. */
export async function revokeOtherSessions(
  db: Db,
  userId: string,
  currentId: string,
  cache?: SessionCache,
): Promise<number> {
  cache?.forgetUser(userId);
  return deleteOtherUserSessions(db, userId, currentId);
}

/** The cookie lives as long as the server-side session; the server's expiry is what counts. */
export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, env: Env): void {
  reply.setCookie(sessionCookieName(env), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: env.NODE_ENV === 'production',
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, env: Env): void {
  reply.clearCookie(sessionCookieName(env), {
    httpOnly: true,
    sameSite: 'lax',
    secure: env.NODE_ENV === 'production',
    path: '/',
  });
}
