import { createHash, randomBytes } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevIssuer, startDevIssuer } from './dev-issuer';

const REDIRECT_URI = 'http://127.0.0.1:9/api/auth/callback';

let issuer: DevIssuer;

beforeAll(async () => {
  issuer = await startDevIssuer({ port: 0, redirectUris: [REDIRECT_URI] });
});

afterAll(async () => {
  await issuer.close();
});

function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** GET /authorize without following the redirect; returns the Location as a URL. */
async function authorize(overrides: Record<string, string | undefined> = {}) {
  const params: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: issuer.clientId,
    redirect_uri: REDIRECT_URI,
    scope: 'openid email profile',
    state: 'state-1',
    nonce: 'nonce-1',
    code_challenge_method: 'S256',
    ...overrides,
  };
  const url = new URL('/authorize', issuer.issuer);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  const res = await fetch(url, { redirect: 'manual' });
  return res;
}

async function redeem(form: Record<string, string>) {
  return fetch(new URL('/token', issuer.issuer), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT_URI,
      client_id: issuer.clientId,
      client_secret: issuer.clientSecret,
      ...form,
    }),
  });
}

async function codeFor(challenge: string, overrides: Record<string, string | undefined> = {}) {
  const res = await authorize({ code_challenge: challenge, ...overrides });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location') ?? '');
  const code = location.searchParams.get('code');
  expect(code).toBeTruthy();
  return code ?? '';
}

describe('development issuer', () => {
  it('publishes a discovery document pointing at its own endpoints', async () => {
    const res = await fetch(new URL('/.well-known/openid-configuration', issuer.issuer));
    const doc = (await res.json()) as Record<string, unknown>;
    expect(doc.issuer).toBe(issuer.issuer);
    expect(doc.token_endpoint).toBe(`${issuer.issuer}/token`);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('redirects back with code, state and iss, and the code buys a signed ID token for the hinted address', async () => {
    const { verifier, challenge } = pkcePair();
    const res = await authorize({ code_challenge: challenge, login_hint: 'ada.lovelace@example.com' });
    const location = new URL(res.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get('state')).toBe('state-1');
    expect(location.searchParams.get('iss')).toBe(issuer.issuer);

    const tokenRes = await redeem({ code: location.searchParams.get('code') ?? '', code_verifier: verifier });
    expect(tokenRes.status).toBe(200);
    const body = (await tokenRes.json()) as { id_token: string; access_token: string };
    const jwks = createRemoteJWKSet(new URL('/jwks', issuer.issuer));
    const { payload } = await jwtVerify(body.id_token, jwks, {
      issuer: issuer.issuer,
      audience: issuer.clientId,
    });
    expect(payload).toMatchObject({
      nonce: 'nonce-1',
      email: 'ada.lovelace@example.com',
      email_verified: true,
      name: 'Ada Lovelace',
      given_name: 'Ada',
    });
    expect(payload.picture).toBeUndefined();

    const info = await fetch(new URL('/userinfo', issuer.issuer), {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(await info.json()).toMatchObject({ sub: payload.sub, email: 'ada.lovelace@example.com' });
  });

  it('signs in the demo user without a hint', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await codeFor(challenge);
    const body = (await (await redeem({ code, code_verifier: verifier })).json()) as { id_token: string };
    const payload = JSON.parse(
      Buffer.from(body.id_token.split('.')[1] ?? '', 'base64url').toString(),
    ) as Record<string, unknown>;
    expect(payload).toMatchObject({ email: 'demo@stride.local', name: 'Demo User', given_name: 'Demo' });
  });

  it('accepts client_secret_basic as well as client_secret_post', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await codeFor(challenge);
    const res = await fetch(new URL('/token', issuer.issuer), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${issuer.clientId}:${issuer.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      }),
    });
    expect(res.status).toBe(200);
  });

  it('refuses a code the second time', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await codeFor(challenge);
    expect((await redeem({ code, code_verifier: verifier })).status).toBe(200);
    const replay = await redeem({ code, code_verifier: verifier });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a wrong PKCE verifier, and the code is spent afterwards', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await codeFor(challenge);
    const wrong = await redeem({ code, code_verifier: pkcePair().verifier });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await redeem({ code, code_verifier: verifier })).status).toBe(400);
  });

  it('refuses a redirect_uri other than the one authorized', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await codeFor(challenge);
    const res = await redeem({ code, code_verifier: verifier, redirect_uri: 'http://127.0.0.1:9/elsewhere' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a wrong client secret', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await codeFor(challenge);
    const res = await redeem({ code, code_verifier: verifier, client_secret: 'not-the-secret' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('answers an unknown client with an error page instead of redirecting', async () => {
    const res = await authorize({ client_id: 'someone-else', code_challenge: pkcePair().challenge });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });

  it.each([
    [{ code_challenge: undefined }, 'invalid_request'],
    [{ code_challenge_method: 'plain' }, 'invalid_request'],
    [{ scope: 'email' }, 'invalid_scope'],
    [{ response_type: 'token' }, 'unsupported_response_type'],
    [{ login_hint: 'not an address' }, 'invalid_request'],
  ])('redirects back with an error for %o', async (overrides, error) => {
    const res = await authorize({ code_challenge: pkcePair().challenge, ...overrides });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '');
    expect(location.searchParams.get('error')).toBe(error);
    expect(location.searchParams.get('state')).toBe('state-1');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('sends codes to no redirect_uri but the app’s own callback', async () => {
    for (const elsewhere of [
      'https://evil.example/steal',
      'http://127.0.0.1:9/api/auth/callback/../x',
      'javascript:alert(1)',
    ]) {
      const res = await authorize({ code_challenge: pkcePair().challenge, redirect_uri: elsewhere });
      expect(res.status, elsewhere).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).toBe('redirect_uri is not registered for this client');
    }
  });

  it('listens on loopback only', async () => {
    expect(new URL(issuer.issuer).hostname).toBe('127.0.0.1');
    const port = new URL(issuer.issuer).port;
    const outward = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal);
    // A machine with no other interface has nothing more to check.
    if (!outward) return;
    await expect(fetch(`http://${outward.address}:${port}/jwks`)).rejects.toThrow();
  });

  it('refuses an approval posted from another site', async () => {
    const page = await authorize({ code_challenge: pkcePair().challenge, prompt: 'select_account' });
    const approval = /name="approval" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
    const res = await fetch(new URL('/authorize/decision', issuer.issuer), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      body: new URLSearchParams({ approval, decision: 'approve' }),
    });
    expect(res.status).toBe(403);
  });

  it('refuses userinfo without a valid access token', async () => {
    const res = await fetch(new URL('/userinfo', issuer.issuer), {
      headers: { authorization: 'Bearer nope' },
    });
    expect(res.status).toBe(401);
  });
});
