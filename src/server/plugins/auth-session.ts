// Brings reply.setCookie / request.cookies into the Fastify types.
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE, TIME_ZONE_HEADER } from '../../shared/api/wire-names';
import { isValidTimeZone, localDate } from '../../shared/domain/days';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import type { Env } from '../env';
import { notSignedIn } from '../errors';
import { authenticateSession, setSessionCookie } from '../modules/sessions/sessions.service';
import { updateUserTimeZone } from '../modules/users/users.repo';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user (with this request's time zone applied), or null. */
    user: UserRow | null;
    /** The instant this request is handled at, from the injectable clock. */
    now: Date;
  }
}

/** Paths that answer without a session: health checks and the sign-in flow itself. */
function isPublicApiPath(path: string): boolean {
  return path === '/api/health' || path === '/api/auth' || path.startsWith('/api/auth/');
}

export type AuthSessionOptions = { db: Db; env: Env; clock: () => Date };

/**
 * Resolves the session cookie on every API call and refuses signed-out calls with 401, except on
 * public paths where the user is still loaded when present (GET /api/auth/user uses it).
 */
export const authSessionPlugin = fp<AuthSessionOptions>(async (app: FastifyInstance, options) => {
  const { db, env, clock } = options;
  app.decorateRequest('user', null);
  app.decorateRequest('now', null as unknown as Date);

  app.addHook('onRequest', async (request, reply) => {
    request.now = clock();
    const path = request.url.split('?', 1)[0] ?? '';
    if (!path.startsWith('/api/') && path !== '/api') return;
    if (path === '/api/health') return;
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await authenticateSession(db, token, request.now) : undefined;
    if (!session) {
      if (isPublicApiPath(path)) return;
      throw notSignedIn();
    }
    if (session.refreshed && token) setSessionCookie(reply, token, session.expiresAt, env);
    const user = session.user;
    const zone = request.headers[TIME_ZONE_HEADER];
    if (typeof zone === 'string' && zone !== user.timeZone && isValidTimeZone(zone)) {
      await updateUserTimeZone(db, user.id, zone);
      user.timeZone = zone;
    }
    request.user = user;
  });
});

/** The signed-in user; throws the 401 `{ message: 'Not signed in' }` otherwise. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw notSignedIn();
  return request.user;
}

/** The signed-in user's current local calendar date (YYYY-MM-DD). */
export function userToday(request: FastifyRequest): string {
  return localDate(request.now, requireUser(request).timeZone);
}
