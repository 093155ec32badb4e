import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { DEMO_EMAIL, type DevIdentity, devIdentityFor, isPlausibleEmail } from './dev-identity';

/*
 * A small, real OpenID Connect provider for development and tests: the app runs the very same
 * authorization-code flow (PKCE, state, nonce, signed ID token) against it as against Google, but
 * /authorize approves with no password. Anyone who can reach it can sign in as anyone, so it never
 * runs in production (main.ts starts it only without Google credentials, which production refuses),
 * listens on loopback only, and sends codes nowhere but the app's own callback. When the app asks
 * (`prompt`, for sign-ins started from another site) it shows whom it is about to sign in and waits
 * for a click (docs/decisions/002-sign-in.md).
 */

export const DEV_CLIENT_ID = 'stride-dev';

const CODE_TTL_MS = 60_000;
const TOKEN_TTL_S = 3600;
const BODY_MAX_BYTES = 16 * 1024;
const SIGNING_ALG = 'RS256';
const PKCE_VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;
const APPROVAL_TTL_MS = 10 * 60_000;
/** The only interface it listens on: nothing but this machine may sign in without a password. */
export const DEV_ISSUER_HOST = '127.0.0.1';

export type DevIssuerOptions = {
  port: number;
  /** The callback URLs it may send codes to (the app's PUBLIC_URL/api/auth/callback). */
  redirectUris: readonly string[];
};

export type DevIssuer = {
  /** Issuer identifier (and base URL), e.g. http://127.0.0.1:3001 */
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
};

/** An authorization request that passed every check: what a code will be issued for. */
type Grant = {
  redirectUri: string;
  state: string | null;
  codeChallenge: string;
  nonce: string | undefined;
  identity: DevIdentity;
};

type PendingCode = Grant & { expiresAt: number };
type PendingApproval = Grant & { expiresAt: number };

type IssuedAccessToken = { identity: DevIdentity; expiresAt: number };

class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    description: string,
  ) {
    super(description);
  }
}

/** The issuer's signing key, and its public half as its JWKS publishes it. */
async function signingKey(): Promise<{ privateKey: CryptoKey; publicJwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG);
  const kid = randomBytes(8).toString('hex');
  return { privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALG, use: 'sig' } };
}

export async function startDevIssuer({ port, redirectUris }: DevIssuerOptions): Promise<DevIssuer> {
  // Made while the server goes on starting, not before: an RSA key is 0.1-0.3 s of a processor, which
  // only a sign-in's token and keys need (docs/decisions/034-start-without-rebuilding.md).
  const signing = signingKey();
  signing.catch(() => undefined);
  const clientSecret = randomBytes(24).toString('base64url');
  // Development state only: codes and access tokens die with the process, which is what we want.
  const codes = new Map<string, PendingCode>();
  const approvals = new Map<string, PendingApproval>();
  const accessTokens = new Map<string, IssuedAccessToken>();

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof OAuthError) {
        sendJson(res, error.status, { error: error.code, error_description: error.message });
        return;
      }
      sendJson(res, 500, {
        error: 'server_error',
        error_description: 'Unexpected error in the development issuer',
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, DEV_ISSUER_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const issuer = `http://${DEV_ISSUER_HOST}:${(server.address() as AddressInfo).port}`;

  const discoveryDocument = {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/userinfo`,
    jwks_uri: `${issuer}/jwks`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: [SIGNING_ALG],
    scopes_supported: ['openid', 'email', 'profile'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    code_challenge_methods_supported: ['S256'],
    claims_supported: [
      'iss',
      'sub',
      'aud',
      'exp',
      'iat',
      'nonce',
      'email',
      'email_verified',
      'name',
      'given_name',
    ],
    // RFC 9207: the callback also carries `iss`, so a response from another issuer is refused.
    authorization_response_iss_parameter_supported: true,
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', issuer);
    const route = `${req.method ?? 'GET'} ${url.pathname}`;
    switch (route) {
      case 'GET /.well-known/openid-configuration':
        return sendJson(res, 200, discoveryDocument);
      case 'GET /jwks':
        return sendJson(res, 200, { keys: [(await signing).publicJwk] });
      case 'GET /authorize':
        return authorize(url.searchParams, res);
      case 'POST /authorize/decision':
        return decide(req, res);
      case 'POST /token':
        return token(req, res);
      case 'GET /userinfo':
      case 'POST /userinfo':
        return userinfo(req, res);
      default:
        return sendJson(res, 404, { error: 'not_found', error_description: `No route ${route}` });
    }
  }

  function authorize(params: URLSearchParams, res: ServerResponse): void {
    const redirectUri = params.get('redirect_uri') ?? '';
    // Errors about the client or the redirect target must not redirect anywhere (RFC 6749 §4.1.2.1).
    if (params.get('client_id') !== DEV_CLIENT_ID) {
      sendText(res, 400, 'Unknown client_id');
      return;
    }
    if (!redirectUris.includes(redirectUri)) {
      sendText(res, 400, 'redirect_uri is not registered for this client');
      return;
    }
    const state = params.get('state');
    const fail = (error: string, description: string) =>
      redirect(res, redirectUri, {
        error,
        error_description: description,
        ...(state === null ? {} : { state }),
        iss: issuer,
      });

    if (params.get('response_type') !== 'code') {
      fail('unsupported_response_type', 'Only response_type=code is supported');
      return;
    }
    if (!(params.get('scope') ?? '').split(' ').includes('openid')) {
      fail('invalid_scope', 'The openid scope is required');
      return;
    }
    const codeChallenge = params.get('code_challenge');
    if (!codeChallenge || params.get('code_challenge_method') !== 'S256') {
      fail('invalid_request', 'PKCE with code_challenge_method=S256 is required');
      return;
    }
    const loginHint = params.get('login_hint')?.trim();
    if (loginHint !== undefined && loginHint !== '' && !isPlausibleEmail(loginHint)) {
      fail('invalid_request', 'login_hint must be an email address');
      return;
    }

    sweepExpired();
    const grant: Grant = {
      redirectUri,
      state,
      codeChallenge,
      nonce: params.get('nonce') ?? undefined,
      identity: devIdentityFor(loginHint || DEMO_EMAIL),
    };
    const prompt = (params.get('prompt') ?? '').split(' ');
    if (prompt.some((value) => value === 'select_account' || value === 'consent' || value === 'login')) {
      const approval = randomBytes(32).toString('base64url');
      approvals.set(approval, { ...grant, expiresAt: Date.now() + APPROVAL_TTL_MS });
      sendApprovalPage(res, approval, grant.identity.email, new URL(redirectUri).origin);
      return;
    }
    issueCode(res, grant);
  }

  /** The approval page's answer: the one-time approval id it carried, and which button was pressed. */
  async function decide(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Only the page itself can post here: another site's form would arrive as cross-site.
    if (req.headers['sec-fetch-site'] !== undefined && req.headers['sec-fetch-site'] !== 'same-origin') {
      sendText(res, 403, 'Cross-site request refused');
      return;
    }
    const form = new URLSearchParams(await readBody(req));
    const id = form.get('approval') ?? '';
    const grant = approvals.get(id);
    approvals.delete(id);
    if (!grant || grant.expiresAt <= Date.now()) {
      sendText(res, 400, 'This sign-in request has expired; start again from the app.');
      return;
    }
    if (form.get('decision') !== 'approve') {
      redirect(res, grant.redirectUri, {
        error: 'access_denied',
        error_description: 'The sign-in was cancelled',
        ...(grant.state === null ? {} : { state: grant.state }),
        iss: issuer,
      });
      return;
    }
    issueCode(res, grant);
  }

  function issueCode(res: ServerResponse, grant: Grant): void {
    const code = randomBytes(32).toString('base64url');
    codes.set(code, { ...grant, expiresAt: Date.now() + CODE_TTL_MS });
    redirect(res, grant.redirectUri, {
      code,
      ...(grant.state === null ? {} : { state: grant.state }),
      iss: issuer,
    });
  }

  async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    authenticateClient(req.headers.authorization, form);
    if (form.get('grant_type') !== 'authorization_code') {
      throw new OAuthError(400, 'unsupported_grant_type', 'Only authorization_code is supported');
    }
    const code = form.get('code') ?? '';
    const pending = codes.get(code);
    // Single use: the code is gone whatever happens next, so a replay always fails.
    codes.delete(code);
    if (!pending || pending.expiresAt <= Date.now()) {
      throw new OAuthError(400, 'invalid_grant', 'Unknown, used or expired code');
    }
    if (form.get('redirect_uri') !== pending.redirectUri) {
      throw new OAuthError(400, 'invalid_grant', 'redirect_uri does not match the authorization request');
    }
    const verifier = form.get('code_verifier') ?? '';
    if (!PKCE_VERIFIER_PATTERN.test(verifier) || !sameText(s256(verifier), pending.codeChallenge)) {
      throw new OAuthError(400, 'invalid_grant', 'PKCE verification failed');
    }

    const { identity } = pending;
    const { privateKey, publicJwk } = await signing;
    const idToken = await new SignJWT({
      email: identity.email,
      email_verified: true,
      name: identity.name,
      given_name: identity.givenName,
      ...(pending.nonce === undefined ? {} : { nonce: pending.nonce }),
    })
      .setProtectedHeader({ alg: SIGNING_ALG, kid: publicJwk.kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(DEV_CLIENT_ID)
      .setSubject(identity.sub)
      .setIssuedAt()
      .setExpirationTime(`${TOKEN_TTL_S}s`)
      .sign(privateKey);
    const accessToken = randomBytes(32).toString('base64url');
    accessTokens.set(accessToken, { identity, expiresAt: Date.now() + TOKEN_TTL_S * 1000 });
    sendJson(res, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: TOKEN_TTL_S,
      scope: 'openid email profile',
      id_token: idToken,
    });
  }

  function userinfo(req: IncomingMessage, res: ServerResponse): void {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i.exec(header);
    const issued = match?.[1] === undefined ? undefined : accessTokens.get(match[1]);
    if (!issued || issued.expiresAt <= Date.now()) {
      res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
      sendJson(res, 401, { error: 'invalid_token', error_description: 'Unknown or expired access token' });
      return;
    }
    const { identity } = issued;
    sendJson(res, 200, {
      sub: identity.sub,
      email: identity.email,
      email_verified: true,
      name: identity.name,
      given_name: identity.givenName,
    });
  }

  function authenticateClient(authorization: string | undefined, form: URLSearchParams): void {
    let id = form.get('client_id');
    let secret = form.get('client_secret');
    if (authorization?.startsWith('Basic ')) {
      // RFC 6749 §2.3.1: both halves are form-urlencoded before being joined and base64-encoded.
      const decoded = Buffer.from(authorization.slice('Basic '.length), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon !== -1) {
        id = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
        secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
      }
    }
    if (id !== DEV_CLIENT_ID || secret === null || !sameText(secret, clientSecret)) {
      throw new OAuthError(401, 'invalid_client', 'Client authentication failed');
    }
  }

  function sweepExpired(): void {
    const now = Date.now();
    for (const [code, pending] of codes) if (pending.expiresAt <= now) codes.delete(code);
    for (const [id, pending] of approvals) if (pending.expiresAt <= now) approvals.delete(id);
    for (const [token, issued] of accessTokens) if (issued.expiresAt <= now) accessTokens.delete(token);
  }

  return {
    issuer,
    clientId: DEV_CLIENT_ID,
    clientSecret,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // fetch keeps connections alive; without this close() would wait for them to time out.
        server.closeAllConnections();
      }),
  };
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > BODY_MAX_BYTES) throw new OAuthError(413, 'invalid_request', 'Request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function redirect(res: ServerResponse, target: string, params: Record<string, string>): void {
  const location = new URL(target);
  for (const [key, value] of Object.entries(params)) location.searchParams.set(key, value);
  res.writeHead(302, { Location: location.href, 'Cache-Control': 'no-store' });
  res.end();
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(text);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** "Sign in as ada@example.com?" with Continue and Cancel; it may not be framed, so no click is stolen. */
function sendApprovalPage(res: ServerResponse, approval: string, email: string, appOrigin: string): void {
  const who = escapeHtml(email);
  const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development sign-in</title>
<style>body{font:16px system-ui,sans-serif;max-width:26rem;margin:4rem auto;padding:0 1rem;color:#18181b}
button{font:inherit;padding:.6rem 1rem;margin:.25rem .5rem .25rem 0;border-radius:.5rem;border:1px solid #a1a1aa;min-height:44px}
.primary{background:#18181b;color:#fff;border-color:#18181b}
@media (prefers-color-scheme: dark){body{background:#09090b;color:#fafafa}.primary{background:#fafafa;color:#09090b}}</style>
</head><body><main>
<h1>Development sign-in</h1>
<p>A sign-in to Stride was started from another site. Continue only if you started it.</p>
<p>You will be signed in as <strong>${who}</strong>.</p>
<form method="post" action="/authorize/decision">
<input type="hidden" name="approval" value="${escapeHtml(approval)}">
<button class="primary" type="submit" name="decision" value="approve">Continue as ${who}</button>
<button type="submit" name="decision" value="deny">Cancel</button>
</form></main></body></html>`;
  res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    // form-action also governs where the post may redirect: the app's callback.
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${appOrigin}; frame-ancestors 'none'`,
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
  });
  res.end(page);
}
