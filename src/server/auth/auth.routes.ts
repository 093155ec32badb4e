import { createHash, timingSafeEqual } from 'node:crypto';
// Brings request.cookies / reply.setCookie into the Fastify types.
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthUser, AuthUserSchema } from '../../shared/api/auth';
import { ErrorBodySchema } from '../../shared/api/common';
import { SESSION_COOKIE } from '../../shared/api/wire-names';
import type { Db } from '../db/client';
import type { Env } from '../env';
import {
  clearSessionCookie,
  createSession,
  revokeSession,
  setSessionCookie,
} from '../modules/sessions/sessions.service';
import { upsertUserBySub } from '../modules/users/users.repo';
import { requireUser } from '../plugins/auth-session';
import { deleteExpiredAuthRequests, insertAuthRequest, takeAuthRequest } from './auth-requests.repo';
import { type AuthorizationStart, createOidcClient, type OidcIdentity, type OidcSettings } from './oidc';

/** Holds the state of the one sign-in this browser has in flight, binding the callback to it. */
export const AUTH_STATE_COOKIE = 'stride_auth_state';
/** How long a started sign-in may take at the issuer (row and cookie alike). */
export const AUTH_REQUEST_TTL_MS = 10 * 60 * 1000;
export const SIGN_IN_FAILED_PATH = '/login?error=sign_in_failed';
const AUTH_COOKIE_PATH = '/api/auth';
const LOGIN_HINT_MAX = 320;

export type AuthRoutesOptions = {
  oidc: OidcSettings;
  db: Db;
  env: Env;
};

const StartQuerySchema = z.object({
  login_hint: z.string().trim().max(LOGIN_HINT_MAX).optional(),
});

// Anything odd in the callback (a repeated parameter, say) must end in the failure redirect, not a 400.
const CallbackQuerySchema = z.looseObject({
  state: z.string().optional().catch(undefined),
  error: z.string().optional().catch(undefined),
});

/**
 * The OpenID Connect sign-in: /google starts it, /callback finishes it, /logout ends the session,
 * /user reports who is signed in. No state is kept in memory between the two halves of the flow: it
 * lives in auth_requests, keyed by the hash of a state only this browser's cookie holds.
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { oidc: settings, db, env },
) => {
  const oidc = createOidcClient(settings);
  const secure = env.NODE_ENV === 'production';

  const clearStateCookie = (reply: FastifyReply) =>
    reply.clearCookie(AUTH_STATE_COOKIE, { path: AUTH_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure });

  const fail = (request: FastifyRequest, reply: FastifyReply, reason: string, error?: unknown) => {
    request.log.warn(
      { reason, ...(error === undefined ? {} : { cause: describeError(error) }) },
      'sign-in failed',
    );
    clearStateCookie(reply);
    return reply.redirect(SIGN_IN_FAILED_PATH);
  };

  app.get('/google', { schema: { querystring: StartQuerySchema } }, async (request, reply) => {
    const now = request.now;
    let start: AuthorizationStart;
    try {
      start = await oidc.startAuthorization({ loginHint: request.query.login_hint || undefined });
    } catch (error) {
      // A browser navigation: an unreachable issuer should land on the sign-in page, not a JSON 500.
      return fail(request, reply, 'issuer discovery failed', error);
    }
    await deleteExpiredAuthRequests(db, now);
    await insertAuthRequest(db, {
      stateHash: hashState(start.state),
      codeVerifier: start.codeVerifier,
      nonce: start.nonce,
      now,
      expiresAt: new Date(now.getTime() + AUTH_REQUEST_TTL_MS),
    });
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

  app.get('/callback', { schema: { querystring: CallbackQuerySchema } }, async (request, reply) => {
    const cookieState = request.cookies[AUTH_STATE_COOKIE];
    const queryState = request.query.state;
    if (!cookieState) {
      return fail(request, reply, 'no sign-in in progress in this browser (state cookie missing)');
    }
    if (!queryState || !sameText(cookieState, queryState)) {
      return fail(request, reply, 'state does not match this browser');
    }
    // Taken (deleted) before anything else, so the same state can never finish a sign-in twice.
    const pending = await takeAuthRequest(db, hashState(queryState), request.now);
    if (!pending) return fail(request, reply, 'sign-in request unknown, already used or expired');
    if (request.query.error !== undefined) {
      // The code is chosen by whoever crafted the URL: keep it short in the log.
      return fail(request, reply, `issuer answered with error "${request.query.error.slice(0, 64)}"`);
    }

    let identity: OidcIdentity;
    try {
      identity = await oidc.finishAuthorization(rawQuery(request.url), {
        state: queryState,
        codeVerifier: pending.codeVerifier,
        nonce: pending.nonce,
      });
    } catch (error) {
      return fail(request, reply, 'code exchange or ID token validation failed', error);
    }

    const user = await upsertUserBySub(db, identity);
    // The new cookie replaces this browser's old one, which would otherwise live on unseen for 30 days.
    const previousToken = request.cookies[SESSION_COOKIE];
    if (previousToken) await revokeSession(db, previousToken);
    const session = await createSession(db, user.id, request.now);
    clearStateCookie(reply);
    setSessionCookie(reply, session.token, session.expiresAt, env);
    request.log.info({ userId: user.id }, 'signed in');
    return reply.header('cache-control', 'no-store').redirect('/');
  });

  // GET because the spec signs out by browser navigation; a forged sign-out costs only a sign-in.
  app.get('/logout', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await revokeSession(db, token);
    clearSessionCookie(reply, env);
    return reply.header('cache-control', 'no-store').redirect('/');
  });

  app.get(
    '/user',
    { schema: { response: { 200: AuthUserSchema, 401: ErrorBodySchema } } },
    async (request, reply): Promise<AuthUser> => {
      const user = requireUser(request);
      reply.header('cache-control', 'no-store');
      return {
        id: user.id,
        email: user.email,
        name: user.name,
        firstName: user.firstName,
        picture: user.picture,
        timeZone: user.timeZone,
      };
    },
  );
};

/** The database holds only a hash of the state, so a leaked row cannot be matched to a browser. */
function hashState(state: string): string {
  return createHash('sha256').update(state).digest('hex');
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
 * parameters (the code) or the issuer's response as `cause`, so only names and codes are kept.
 */
function describeError(error: unknown): Record<string, string> {
  if (!(error instanceof Error)) return { message: String(error) };
  const described: Record<string, string> = { name: error.name, message: error.message };
  const { code, error: oauthError } = error as { code?: unknown; error?: unknown };
  if (typeof code === 'string') described.code = code;
  if (typeof oauthError === 'string') described.error = oauthError;
  return described;
}
