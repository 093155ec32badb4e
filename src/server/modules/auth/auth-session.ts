// Brings reply.setCookie / request.cookies into the Fastify types.
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TIME_ZONE_HEADER } from '#shared/api/wire-names';
import type { Db } from '../../db/client';
import { classifyDatabaseError } from '../../db/database-errors';
import type { UserRow } from '../../db/schema';
import type { Env } from '../../env';
import { notSignedIn } from '../../errors';
import { isWriteRequest } from '../../http/write-requests';
import { browserZoneToAdopt, storeBrowserTimeZone } from '../users/users.service';
import type { SessionCache } from './session-cache';
import { authenticateSession, sessionTokenOf, setSessionCookie } from './sessions.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A browser navigation (sign-in, sign-out) that answers a database outage itself, with a page: a
     * session that cannot be looked up then leaves the call signed out instead of a JSON 503.
     */
    answersOutage?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user (with this request's time zone applied), or null. */
    user: UserRow | null;
    /** The public id of the session the request signed in with, or null. */
    sessionId: string | null;
    /** When that session ends unless it is used again (its idle expiry or its lifetime), or null. */
    sessionExpiresAt: Date | null;
    /** The instant this request is handled at, from the injectable clock. */
    now: Date;
  }
}

export type AuthSessionOptions = { db: Db; env: Env; clock: () => Date; sessionCache?: SessionCache };

/**
 * Resolves the session cookie of every call in its scope (the API's, plugins/api-scope.ts) into
 * `request.user`. Refusing signed-out calls is left to signInRequiredPlugin, registered after the rate
 * limits so that a flood of signed-out calls is counted too.
 */
export const authSessionPlugin = fp<AuthSessionOptions>(async function authSession(
  app: FastifyInstance,
  options,
) {
  const { db, env, clock, sessionCache } = options;
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('sessionExpiresAt', null);
  app.decorateRequest('now', null as unknown as Date);

  app.addHook('onRequest', async (request, reply) => {
    request.now = clock();
    const token = sessionTokenOf(request, env);
    let session: Awaited<ReturnType<typeof authenticateSession>>;
    try {
      session = token ? await authenticateSession(db, token, request.now, sessionCache) : undefined;
    } catch (error) {
      if (request.routeOptions.config?.answersOutage && classifyDatabaseError(error) !== undefined) return;
      throw error;
    }
    if (!session) return;
    if (session.refreshed && token) setSessionCookie(reply, token, session.expiresAt, env);
    const header = request.headers[TIME_ZONE_HEADER];
    const zone = browserZoneToAdopt(session.user, typeof header === 'string' ? header : undefined);
    // A new device zone counts at once, but only a write stores it: a read never writes
    // (docs/decisions/003-day-rules.md). The copy keeps the cached session's row as stored.
    if (zone !== undefined && !isWriteRequest(request)) request.user = { ...session.user, timeZone: zone };
    else {
      if (zone !== undefined) {
        await storeBrowserTimeZone(db, session.user, zone);
        // Read by the reminders' triggers, which move the person's reminders to the stored zone.
        request.timeZoneChanged = true;
      }
      request.user = session.user;
    }
    request.sessionId = session.id;
    request.sessionExpiresAt = session.expiresAt;
  });
});

/** Answers 401 "Not signed in" for every call in its scope when no session was found. */
export const signInRequiredPlugin = fp(async function signInRequired(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (!request.user) throw notSignedIn();
  });
});

/** The signed-in user; throws the 401 `{ message: 'Not signed in' }` otherwise. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw notSignedIn();
  return request.user;
}

/** The signed-in user's id, and the id and expiry of the session the call came with. */
export function requireSession(request: FastifyRequest): { userId: string; id: string; expiresAt: Date } {
  const user = requireUser(request);
  if (!request.sessionId || !request.sessionExpiresAt) throw notSignedIn();
  return { userId: user.id, id: request.sessionId, expiresAt: request.sessionExpiresAt };
}
