import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { DEMO_EMAIL, type DevIdentity, devIdentityFor, isPlausibleEmail } from './dev-identity';

/*
 * A small, real OpenID Connect provider for development and tests: the app runs the very same
 * authorization-code flow (PKCE, state, nonce, signed ID token) against it as against Google, but
 * /authorize approves at once with no password. Anyone who can reach it can sign in as anyone, so it
 * must never run in production (main.ts only starts it without Google credentials outside production).
 */

export const DEV_CLIENT_ID = 'stride-dev';

const CODE_TTL_MS = 60_000;
const TOKEN_TTL_S = 3600;
const BODY_MAX_BYTES = 16 * 1024;
const SIGNING_ALG = 'RS256';
const PKCE_VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;

export type DevIssuerOptions = { host: string; port: number };

export type DevIssuer = {
  /** Issuer identifier (and base URL), e.g. http://127.0.0.1:3001 */
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
};

type PendingCode = {
  redirectUri: string;
  codeChallenge: string;
  nonce: string | undefined;
  identity: DevIdentity;
  expiresAt: number;
};

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

export async function startDevIssuer({ host, port }: DevIssuerOptions): Promise<DevIssuer> {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG);
  const kid = randomBytes(8).toString('hex');
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALG, use: 'sig' };
  const clientSecret = randomBytes(24).toString('base64url');
  // Development state only: codes and access tokens die with the process, which is what we want.
  const codes = new Map<string, PendingCode>();
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
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const issuer = `http://${publicHost(host)}:${(server.address() as AddressInfo).port}`;

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
        return sendJson(res, 200, { keys: [publicJwk] });
      case 'GET /authorize':
        return authorize(url.searchParams, res);
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
    if (!isHttpUrl(redirectUri)) {
      sendText(res, 400, 'redirect_uri must be an absolute http(s) URL');
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
    const code = randomBytes(32).toString('base64url');
    codes.set(code, {
      redirectUri,
      codeChallenge,
      nonce: params.get('nonce') ?? undefined,
      identity: devIdentityFor(loginHint || DEMO_EMAIL),
      expiresAt: Date.now() + CODE_TTL_MS,
    });
    redirect(res, redirectUri, { code, ...(state === null ? {} : { state }), iss: issuer });
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
    const idToken = await new SignJWT({
      email: identity.email,
      email_verified: true,
      name: identity.name,
      given_name: identity.givenName,
      ...(pending.nonce === undefined ? {} : { nonce: pending.nonce }),
    })
      .setProtectedHeader({ alg: SIGNING_ALG, kid, typ: 'JWT' })
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

/** The address browsers and the app use to reach the issuer; a wildcard bind is reached as localhost. */
function publicHost(host: string): string {
  if (host === '' || host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
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
