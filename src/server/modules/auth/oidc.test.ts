import { exportJWK, generateKeyPair } from 'jose';
import type { CustomFetch } from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevIssuer, startDevIssuer } from './dev-issuer';
import { createOidcClient, type OidcClient, type OidcSettings } from './oidc';

const REDIRECT_URI = 'http://127.0.0.1:9/api/auth/callback';

let issuer: DevIssuer;
let settings: OidcSettings;

beforeAll(async () => {
  issuer = await startDevIssuer({ port: 0, redirectUris: [REDIRECT_URI] });
  settings = {
    issuer: issuer.issuer,
    clientId: issuer.clientId,
    clientSecret: issuer.clientSecret,
    redirectUri: REDIRECT_URI,
  };
});

afterAll(async () => {
  await issuer.close();
});

/** openid-client's body type admits Uint8Array<ArrayBufferLike>, which DOM's BodyInit does not name. */
const passThrough: CustomFetch = (url, options) => fetch(url, options as RequestInit);

/** Starts a sign-in and plays the browser at the issuer; returns the callback's query string. */
async function signInAtIssuer(oidc: OidcClient, loginHint?: string) {
  const start = await oidc.startAuthorization({ loginHint });
  const res = await fetch(start.url, { redirect: 'manual' });
  const location = new URL(res.headers.get('location') ?? '');
  return { start, query: location.search };
}

describe('OIDC client', () => {
  it('asks for PKCE S256, state, nonce and the login hint', async () => {
    const { url, state, nonce } = await createOidcClient(settings).startAuthorization({
      loginHint: 'ada@example.com',
    });
    expect(url.origin).toBe(issuer.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBe(state);
    expect(url.searchParams.get('nonce')).toBe(nonce);
    expect(url.searchParams.get('login_hint')).toBe('ada@example.com');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('redirect_uri')).toBe(settings.redirectUri);
  });

  it('finishes the grant and returns the identity from the validated ID token', async () => {
    const oidc = createOidcClient(settings);
    const { start, query } = await signInAtIssuer(oidc, 'ada.lovelace@example.com');
    const identity = await oidc.finishAuthorization(query, start);
    expect(identity).toEqual({
      sub: expect.stringMatching(/^dev-/),
      email: 'ada.lovelace@example.com',
      name: 'Ada Lovelace',
      firstName: 'Ada',
      picture: null,
    });
  });

  it('refuses a callback whose state is not the one it started with', async () => {
    const oidc = createOidcClient(settings);
    const { start, query } = await signInAtIssuer(oidc);
    await expect(oidc.finishAuthorization(query, { ...start, state: 'another-state' })).rejects.toThrow();
  });

  it('refuses an ID token whose nonce is not the one it sent', async () => {
    const oidc = createOidcClient(settings);
    const { start, query } = await signInAtIssuer(oidc);
    await expect(oidc.finishAuthorization(query, { ...start, nonce: 'another-nonce' })).rejects.toThrow();
  });

  it('fails when the issuer refuses the PKCE verifier', async () => {
    const oidc = createOidcClient(settings);
    const { start, query } = await signInAtIssuer(oidc);
    const codeVerifier = `${start.codeVerifier.slice(0, -1)}${start.codeVerifier.endsWith('A') ? 'B' : 'A'}`;
    await expect(oidc.finishAuthorization(query, { ...start, codeVerifier })).rejects.toThrow();
  });

  it('fails on an error response from the issuer', async () => {
    const oidc = createOidcClient(settings);
    const { start, query } = await signInAtIssuer(oidc, 'not an address');
    expect(new URLSearchParams(query).get('error')).toBe('invalid_request');
    await expect(oidc.finishAuthorization(query, start)).rejects.toThrow();
  });

  it('refuses an ID token signed by a key other than the issuer publishes', async () => {
    // Same key id, different key material: only a real signature check can tell them apart.
    const published = (await (await fetch(`${issuer.issuer}/jwks`)).json()) as {
      keys: Array<{ kid: string }>;
    };
    const { publicKey } = await generateKeyPair('RS256');
    const foreign = {
      ...(await exportJWK(publicKey)),
      kid: published.keys[0]?.kid,
      alg: 'RS256',
      use: 'sig',
    };
    const swapKeys: CustomFetch = async (url, options) => {
      if (new URL(url).pathname === '/jwks') return Response.json({ keys: [foreign] });
      return passThrough(url, options);
    };
    const oidc = createOidcClient(settings, { fetch: swapKeys });
    const { start, query } = await signInAtIssuer(oidc);
    await expect(oidc.finishAuthorization(query, start)).rejects.toThrow();
  });

  it('tries discovery again after a failed attempt', async () => {
    let calls = 0;
    const flaky: CustomFetch = async (url, options) => {
      calls += 1;
      if (calls === 1) throw new TypeError('fetch failed');
      return passThrough(url, options);
    };
    const oidc = createOidcClient(settings, { fetch: flaky });
    await expect(oidc.startAuthorization({})).rejects.toThrow('fetch failed');
    await expect(oidc.startAuthorization({})).resolves.toHaveProperty('state');
  });
});
