import { createHash } from 'node:crypto';
import { SIGN_IN_ERRORS, type SignInErrorCode } from '#shared/api/wire-names';
import type { Db } from '../../db/client';
import { signInUser } from '../users/users.service';
import { deleteExpiredAuthRequests, insertAuthRequest, takeAuthRequest } from './auth-requests.repo';
import type { OidcClient, OidcIdentity } from './oidc';
import type { SessionCache } from './session-cache';
import { createSession, type EndedSession, revokeSession } from './sessions.service';

/** How long a started sign-in may take at the issuer (row and state cookie alike). */
export const AUTH_REQUEST_TTL_MS = 10 * 60 * 1000;

/** A sign-in that cannot finish: `code` is what the login page explains, `reason` is for the log only. */
export class SignInFailure extends Error {
  constructor(
    readonly code: SignInErrorCode,
    readonly reason: string,
    override readonly cause?: unknown,
  ) {
    super(reason);
    this.name = 'SignInFailure';
  }
}

/** The database holds only a hash of the state, so a leaked row cannot be matched to a browser. */
function hashState(state: string): string {
  return createHash('sha256').update(state).digest('hex');
}

/**
 * Starts the OpenID Connect code flow: the state, PKCE verifier and nonce are kept in auth_requests
 * (keyed by the state's hash) so the flow holds no server memory between its two halves. Answers the
 * issuer URL to send the browser to and the state its cookie must carry back.
 */
export async function startSignIn(
  db: Db,
  oidc: OidcClient,
  options: { loginHint: string | undefined; askWho: boolean; now: Date },
): Promise<{ url: URL; state: string }> {
  let start: Awaited<ReturnType<OidcClient['startAuthorization']>>;
  try {
    start = await oidc.startAuthorization({
      loginHint: options.loginHint,
      prompt: options.askWho ? 'select_account' : undefined,
    });
  } catch (error) {
    throw new SignInFailure(SIGN_IN_ERRORS.unreachable, 'issuer discovery failed', error);
  }
  await deleteExpiredAuthRequests(db, options.now);
  await insertAuthRequest(db, {
    stateHash: hashState(start.state),
    codeVerifier: start.codeVerifier,
    nonce: start.nonce,
    now: options.now,
    expiresAt: new Date(options.now.getTime() + AUTH_REQUEST_TTL_MS),
  });
  return { url: start.url, state: start.state };
}

export type FinishSignInInput = {
  /** Where the replaced session may be cached, so it is forgotten at once. */
  cache?: SessionCache;
  /** The callback's query string exactly as the issuer sent it. */
  callbackQuery: string;
  /** The state from the callback's query, already checked against this browser's state cookie. */
  state: string;
  /** An `error` the issuer sent instead of a code. */
  issuerError: string | undefined;
  /** The session this browser had before, replaced by the new one. */
  previousToken: string | undefined;
  userAgent: string | undefined;
  now: Date;
};

/**
 * Finishes the flow: takes (deletes) the pending request so a state can finish at most one sign-in,
 * redeems the code and validates the ID token, then signs the person in with a new session. Answers
 * too the sessions that ended with it (this browser's previous one, any the cap ended), whose live
 * streams must close.
 */
export async function finishSignIn(
  db: Db,
  oidc: OidcClient,
  input: FinishSignInInput,
): Promise<{ userId: string; token: string; expiresAt: Date; ended: EndedSession[] }> {
  const pending = await takeAuthRequest(db, hashState(input.state), input.now);
  if (!pending) {
    throw new SignInFailure(SIGN_IN_ERRORS.expired, 'sign-in request unknown, already used or expired');
  }
  if (input.issuerError !== undefined) {
    const code = input.issuerError === 'access_denied' ? SIGN_IN_ERRORS.cancelled : SIGN_IN_ERRORS.failed;
    // The error text is chosen by whoever crafted the URL: keep it short in the log.
    throw new SignInFailure(code, `issuer answered with error "${input.issuerError.slice(0, 64)}"`);
  }
  let identity: OidcIdentity;
  try {
    identity = await oidc.finishAuthorization(input.callbackQuery, {
      state: input.state,
      codeVerifier: pending.codeVerifier,
      nonce: pending.nonce,
    });
  } catch (error) {
    throw new SignInFailure(SIGN_IN_ERRORS.failed, 'code exchange or ID token validation failed', error);
  }
  const user = await signInUser(db, identity);
  // The new cookie replaces this browser's old one, which would otherwise live on unseen for 30 days.
  const previous = input.previousToken
    ? await revokeSession(db, input.previousToken, input.cache)
    : undefined;
  const { ended, ...session } = await createSession(db, user.id, input.now, input.userAgent, input.cache);
  return { userId: user.id, ...session, ended: previous ? [previous, ...ended] : ended };
}

/** Ends the session behind this cookie, if any. */
export async function signOut(db: Db, token: string | undefined, cache?: SessionCache): Promise<void> {
  if (token) await revokeSession(db, token, cache);
}
