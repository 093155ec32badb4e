import { timingSafeEqual } from 'node:crypto';
// Brings request.cookies / reply.setCookie into the Fastify types.
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthUser } from '#shared/api/auth';
import { api } from '#shared/api/contract';
import { SIGN_IN_ERRORS, type SignInErrorCode, TIME_ZONE_HEADER } from '#shared/api/wire-names';
import type { Db } from '../../db/client';
import { classifyDatabaseError, errorClasses } from '../../db/database-errors';
import type { UserRow } from '../../db/schema';
import type { Env } from '../../env';
import { serve } from '../../http/serve';
import type { LiveChannel } from '../live/live-channel';
import { changeUserSettings } from '../users/users.service';
import { confirmSignOutPage, signedOutOnThisDevicePage } from './auth-pages';
import { requireSession, requireUser } from './auth-session';
import { signOutIsOurs, startedElsewhere } from './navigation-site';
import { createOidcClient, type OidcSettings } from './oidc';
import type { SessionCache } from './session-cache';
import {
  clearSessionCookie,
  type EndedSession,
  listSessions,
  revokeOtherSessions,
  revokeSessionById,
  sessionTokenOf,
  setSessionCookie,
} from './sessions.service';
import { AUTH_REQUEST_TTL_MS, finishSignIn, SignInFailure, signOut, startSignIn } from './sign-in.service';

/** Holds the state of the one sign-in this browser has in flight, binding the callback to it. */
export const AUTH_STATE_COOKIE = 'stride_auth_state';
export const signInFailedPath = (code: SignInErrorCode) => `/login?error=${code}`;
const AUTH_COOKIE_PATH = '/api/auth';
const HTML = 'text/html; charset=utf-8';

export type AuthRoutesOptions = {
  oidc: OidcSettings;
  db: Db;
  env: Env;
  /** The app's session cache (modules/auth/auth-session.ts), told about every session that ends here. */
  sessionCache?: SessionCache;
  /**
   * The live-update channel: a sign-in that ends sessions (this browser's previous one, the least
   * recently used beyond the cap) closes their streams on every instance. The calls that end sessions
   * by name announce it through the contract instead (modules/live/live-announcements.ts).
   */
  live: LiveChannel;
};

/**
 * The OpenID Connect sign-in (/google starts it, /callback finishes it), sign-out, the current user,
 * and the account's sessions. Routes parse and answer; sign-in.service and sessions.service do the work.
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { oidc: settings, db, env, sessionCache, live },
) => {
  const oidc = createOidcClient(settings);
  const publicOrigin = new URL(env.PUBLIC_URL).origin;
  const secure = env.NODE_ENV === 'production';

  const clearStateCookie = (reply: FastifyReply) =>
    reply.clearCookie(AUTH_STATE_COOKIE, { path: AUTH_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure });

  const fail = (request: FastifyRequest, reply: FastifyReply, failure: SignInFailure) => {
    request.log.warn(
      {
        reason: failure.reason,
        ...(failure.cause === undefined ? {} : { cause: describeError(failure.cause) }),
      },
      'sign-in failed',
    );
    clearStateCookie(reply);
    return reply.header('cache-control', 'no-store').redirect(signInFailedPath(failure.code));
  };

  /**
   * A database that cannot be reached ends a sign-in on /login with words for it, not a JSON 503: the
   * browser is on a navigation, not in the app.
   */
  const unavailable = (error: unknown): SignInFailure | undefined =>
    classifyDatabaseError(error) === undefined
      ? undefined
      : // No cause kept: a database error's message carries the statement's parameters (the PKCE
        // verifier among them), and the failure's cause is logged. Its classes say enough.
        new SignInFailure(
          SIGN_IN_ERRORS.unavailable,
          `database unreachable (${errorClasses(error).join(', ')})`,
        );

  // Sign-in and sign-out are browser navigations (GET) that write: config.writes (http/write-requests.ts).
  // They answer a database outage with a page of their own (config.answersOutage).
  serve(app, api.auth.signIn, { config: { writes: true, answersOutage: true } }, async (request, reply) => {
    let start: { url: URL; state: string };
    try {
      start = await startSignIn(db, oidc, {
        loginHint: request.query.login_hint || undefined,
        askWho: startedElsewhere(request),
        now: request.now,
      });
    } catch (error) {
      // A browser navigation: an unreachable issuer should land on the sign-in page, not a JSON 500.
      if (error instanceof SignInFailure) return fail(request, reply, error);
      const failure = unavailable(error);
      if (failure) return fail(request, reply, failure);
      throw error;
    }
    reply.setCookie(AUTH_STATE_COOKIE, start.state, {
      path: AUTH_COOKIE_PATH,
      httpOnly: true,
      // Lax, not Strict: the callback is a top-level navigation coming back from the issuer's site.
      sameSite: 'lax',
      secure,
      maxAge: AUTH_REQUEST_TTL_MS / 1000,
    });
    return reply.header('cache-control', 'no-store').redirect(start.url.href);
  });

  serve(
    app,
    api.auth.signInCallback,
    { config: { writes: true, answersOutage: true } },
    async (request, reply) => {
      const cookieState = request.cookies[AUTH_STATE_COOKIE];
      const queryState = request.query.state;
      if (!cookieState) {
        const failure = new SignInFailure(
          SIGN_IN_ERRORS.expired,
          'no sign-in in progress in this browser (state cookie missing)',
        );
        return fail(request, reply, failure);
      }
      if (!queryState || !sameText(cookieState, queryState)) {
        return fail(
          request,
          reply,
          new SignInFailure(SIGN_IN_ERRORS.failed, 'state does not match this browser'),
        );
      }
      try {
        const session = await finishSignIn(db, oidc, {
          callbackQuery: rawQuery(request.url),
          state: queryState,
          issuerError: request.query.error,
          previousToken: sessionTokenOf(request, env),
          cache: sessionCache,
          userAgent: request.headers['user-agent'],
          now: request.now,
        });
        await endStreamsOf(session.ended, live);
        clearStateCookie(reply);
        setSessionCookie(reply, session.token, session.expiresAt, env);
        request.log.info({ userId: session.userId }, 'signed in');
        return reply.header('cache-control', 'no-store').redirect('/');
      } catch (error) {
        if (error instanceof SignInFailure) return fail(request, reply, error);
        const failure = unavailable(error);
        if (failure) return fail(request, reply, failure);
        throw error;
      }
    },
  );

  // GET because the specification makes sign-out a browser navigation. One that another site sent, or
  // that says nothing of where it came from, asks first (docs/product.md#signed-out-pages).
  serve(app, api.auth.signOut, { config: { writes: true, answersOutage: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!signOutIsOurs(request, publicOrigin)) return reply.type(HTML).send(confirmSignOutPage());
    const token = sessionTokenOf(request, env);
    // Whatever happens to the session's row, this browser stops holding it.
    clearSessionCookie(reply, env);
    try {
      await signOut(db, token, sessionCache);
    } catch (error) {
      if (classifyDatabaseError(error) === undefined) throw error;
      request.log.warn({ errorClasses: errorClasses(error) }, 'sign-out could not reach the database');
      return reply.type(HTML).send(signedOutOnThisDevicePage());
    }
    return reply.redirect('/');
  });

  serve(app, api.auth.user, async (request): Promise<AuthUser> => authUserOf(requireUser(request)));

  // The person's day settings (docs/product.md#account-settings).
  serve(app, api.auth.updateUser, async (request): Promise<AuthUser> => {
    const user = requireUser(request);
    const zone = request.headers[TIME_ZONE_HEADER];
    const updated = await changeUserSettings(
      db,
      user,
      request.body,
      typeof zone === 'string' ? zone : undefined,
    );
    // Cached sessions hold the row as it was: forget them so this person's next calls, on any
    // device, use the new day at once (other instances within the cache's few seconds).
    sessionCache?.forgetUser(user.id);
    Object.assign(user, updated);
    return authUserOf(updated);
  });

  serve(app, api.auth.sessions, async (request) => {
    const session = requireSession(request);
    return { sessions: await listSessions(db, session.userId, session.id, request.now) };
  });

  // "Sign out everywhere else": every session of this person but the one making the call.
  serve(app, api.auth.endOtherSessions, async (request, reply) => {
    const session = requireSession(request);
    await revokeOtherSessions(db, session.userId, session.id, sessionCache);
    return reply.status(204).send(null);
  });

  serve(app, api.auth.endSession, async (request, reply) => {
    const session = requireSession(request);
    await revokeSessionById(db, session.userId, request.params.id, sessionCache);
    // Ending this device's own session is a sign-out: its cookie goes too.
    if (request.params.id === session.id) clearSessionCookie(reply, env);
    return reply.status(204).send(null);
  });
};

/** Tells every instance to close the live streams of sessions that just ended, one message per person. */
async function endStreamsOf(ended: EndedSession[], live: LiveChannel): Promise<void> {
  const byUser = new Map<string, string[]>();
  for (const { userId, id } of ended) byUser.set(userId, [...(byUser.get(userId) ?? []), id]);
  for (const [userId, sessionIds] of byUser) await live.publish({ type: 'end', userId, sessionIds });
}

function authUserOf(user: UserRow): AuthUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    firstName: user.firstName,
    picture: user.picture,
    timeZone: user.timeZone,
    timeZoneFromDevice: user.timeZoneFromDevice,
    dayStartHour: user.dayStartHour,
  };
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The callback's query exactly as the issuer sent it; openid-client parses and checks it itself. */
function rawQuery(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at);
}

/**
 * What is safe to log about a failed exchange: openid-client errors can carry the callback
 * parameters (the code) or the issuer's response as `cause`, so only names, codes and messages are
 * kept. An error's cause that is itself an error says which check failed ("unexpected JWT "aud"
 * (audience) claim value" under "unexpected JWT claim value encountered"): its message is kept too.
 */
function describeError(error: unknown): Record<string, string> {
  if (!(error instanceof Error)) return { message: String(error) };
  const described: Record<string, string> = { name: error.name, message: error.message };
  const { code, error: oauthError } = error as { code?: unknown; error?: unknown };
  if (typeof code === 'string') described.code = code;
  if (typeof oauthError === 'string') described.error = oauthError;
  if (error.cause instanceof Error) described.detail = error.cause.message;
  return described;
}
