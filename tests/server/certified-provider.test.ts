import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { randomState } from 'openid-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIGN_IN_ERRORS } from '#shared/api/wire-names';
import { authRequests, users } from '../../src/server/db/schema';
import { AUTH_STATE_COOKIE, signInFailedPath } from '../../src/server/modules/auth/auth.routes';
import { SESSION_COOKIE } from '../../src/server/modules/auth/sessions.service';
import {
  type CertifiedProvider,
  type ProviderAccount,
  startCertifiedProvider,
} from './helpers/certified-provider';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from './helpers/test-app';

/*
 * The production sign-in (the code that runs with Google credentials: discovery, PKCE S256, state,
 * nonce, the ID token checked against the issuer's published keys) against a provider we did not
 * write: oidc-provider, OpenID Certified, set up like Google (helpers/certified-provider.ts). The
 * browser's part is played by following redirects with a cookie jar for each site.
 */

const account = (local: string, given: string, family: string, sub: string): ProviderAccount => ({
  sub,
  email: `${local}@example.com`,
  email_verified: true,
  name: `${given} ${family}`,
  given_name: given,
  family_name: family,
  picture: `https://lh3.example.com/a/${local}=s96-c`,
});

// Google's subjects are long digit strings; each test signs in as its own person.
const ada = account('ada.lovelace', 'Ada', 'Lovelace', '104729583617402918365');
const bob = account('bob.kahn', 'Bob', 'Kahn', '117350290157623004817');
const carol = account('carol.shaw', 'Carol', 'Shaw', '109002871553190736220');
const dennis = account('dennis.ritchie', 'Dennis', 'Ritchie', '112840193375561092834');
const edsger = account('edsger.dijkstra', 'Edsger', 'Dijkstra', '100295618374029183746');
const frances = account('frances.allen', 'Frances', 'Allen', '108263710449218375520');

type Setup = { provider: CertifiedProvider; t: TestApp; logLines: string[] };

/** A provider of its own and the app signing in against it, as with Google credentials. */
async function startProviderAndApp(): Promise<Setup> {
  const provider = await startCertifiedProvider({
    redirectUri: `${TEST_PUBLIC_URL}/api/auth/callback`,
    accounts: [ada, bob, carol, dennis, edsger, frances],
  });
  const logLines: string[] = [];
  const t = await createTestApp({
    oidc: {
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      redirectUri: `${TEST_PUBLIC_URL}/api/auth/callback`,
    },
    logStream: { write: (line) => logLines.push(line) },
  });
  return { provider, t, logLines };
}

async function stop(setup: Setup | undefined) {
  await setup?.t.close();
  await setup?.provider.close();
}

/**
 * A browser with a cookie jar for each site: the app (answering through inject) and the provider
 * (over loopback). `open` follows redirects from site to site until the app sends it to one of its
 * pages, and answers that page's URL.
 */
class Browser {
  readonly appCookies = new Map<string, string>();
  private readonly providerCookies = new Map<string, string>();
  /** Every URL requested, in order. */
  readonly visited: URL[] = [];

  constructor(readonly app: FastifyInstance) {}

  /** `stopBefore`: an app path not to request, answered instead (to hold a callback back). */
  async open(path: string, options: { stopBefore?: string } = {}): Promise<URL> {
    let next = new URL(path, TEST_PUBLIC_URL);
    for (let hops = 0; hops < 10; hops += 1) {
      const onApp = next.origin === TEST_PUBLIC_URL;
      if (onApp && (!next.pathname.startsWith('/api/') || next.pathname === options.stopBefore)) return next;
      this.visited.push(next);
      const { status, location } = onApp ? await this.requestApp(next) : await this.requestProvider(next);
      if (status < 300 || status >= 400 || !location) throw new Error(`${next.href} answered ${status}`);
      next = new URL(location, next);
    }
    throw new Error(`too many redirects from ${path}`);
  }

  async user(): Promise<LightMyRequestResponse> {
    return this.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      cookies: Object.fromEntries(this.appCookies),
    });
  }

  private async requestApp(url: URL) {
    const res = await this.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { host: url.host },
      cookies: Object.fromEntries(this.appCookies),
    });
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const gone = c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now());
      if (gone) this.appCookies.delete(c.name);
      else this.appCookies.set(c.name, c.value);
    }
    return { status: res.statusCode, location: res.headers.location as string | undefined };
  }

  private async requestProvider(url: URL) {
    const cookie = [...this.providerCookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const expires = attributes.find((a) => a.trim().toLowerCase().startsWith('expires='));
      const expired = expires !== undefined && Date.parse(expires.split('=')[1] ?? '') <= Date.now();
      if (expired) this.providerCookies.delete(name);
      else this.providerCookies.set(name, pair.slice(name.length + 1));
    }
    await res.body?.cancel();
    return { status: res.status, location: res.headers.get('location') ?? undefined };
  }
}

const startPath = (who: ProviderAccount) => `/api/auth/google?login_hint=${encodeURIComponent(who.email)}`;

async function usersWithSub({ t }: Setup, sub: string) {
  return t.db.select().from(users).where(eq(users.googleSub, sub));
}

/** Why the app's last failed sign-in failed, as its log says: the reason, then the error's name, message, code, detail. */
function lastFailure({ logLines }: Setup): string {
  const line = logLines
    .map((text) => JSON.parse(text) as { msg?: string; reason?: string; cause?: Record<string, string> })
    .findLast((entry) => entry.msg === 'sign-in failed');
  return line ? [line.reason, ...Object.values(line.cause ?? {})].join(' | ') : 'no sign-in failed';
}

/**
 * The sign-in ended on the login page with "sign-in failed" (a redirect: `open` throws on a 500),
 * and nobody is signed in.
 */
async function expectRefused(browser: Browser, landing: URL) {
  expect(`${landing.pathname}${landing.search}`).toBe(signInFailedPath(SIGN_IN_ERRORS.failed));
  expect(browser.appCookies.has(SESSION_COOKIE)).toBe(false);
  expect((await browser.user()).statusCode).toBe(401);
}

describe('sign-in against a certified OpenID Provider set up like Google', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await startProviderAndApp();
  });
  afterAll(() => stop(s));

  it('signs in with discovery, PKCE S256, state and nonce, and keeps the ID token’s claims', async () => {
    const { provider } = s;
    const browser = new Browser(s.t.app);
    const landing = await browser.open(startPath(ada));
    expect(landing.pathname).toBe('/');

    const authorize = browser.visited.find((url) => url.origin === provider.issuer);
    expect(authorize?.searchParams.get('client_id')).toBe(provider.clientId);
    expect(authorize?.searchParams.get('response_type')).toBe('code');
    expect(authorize?.searchParams.get('scope')).toBe('openid email profile');
    expect(authorize?.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize?.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize?.searchParams.get('state')).toBeTruthy();
    const nonce = authorize?.searchParams.get('nonce');
    expect(nonce).toBeTruthy();
    // The app found the endpoints through discovery and checked the signature against the JWKS.
    expect(provider.served).toEqual(expect.arrayContaining(['discovery', 'jwks', 'authorization', 'token']));
    expect(provider.refusals).toEqual([]);

    const idToken = provider.idTokens.at(-1) ?? '';
    expect(decodeProtectedHeader(idToken)).toMatchObject({ alg: 'RS256', kid: provider.signingKeyId() });
    expect(decodeJwt(idToken)).toMatchObject({
      iss: provider.issuer,
      aud: provider.clientId,
      sub: ada.sub,
      nonce,
      email: ada.email,
      email_verified: true,
      name: ada.name,
      given_name: ada.given_name,
      picture: ada.picture,
    });

    const user = await browser.user();
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({
      email: ada.email,
      name: 'Ada Lovelace',
      firstName: 'Ada',
      picture: ada.picture,
    });
    expect(await usersWithSub(s, ada.sub)).toHaveLength(1);
  });

  // Each refusal: a token signed with the provider's own key, right in every way but one.
  it('refuses an ID token issued to another client (wrong audience)', async () => {
    s.provider.tamperWithNextIdToken((claims) => ({ ...claims, aud: 'another-app.apps.example' }));
    const browser = new Browser(s.t.app);
    await expectRefused(browser, await browser.open(startPath(carol)));
    expect(lastFailure(s)).toContain('unexpected JWT "aud" (audience) claim value');
    expect(await usersWithSub(s, carol.sub)).toEqual([]);
  });

  it('refuses an ID token naming another issuer', async () => {
    s.provider.tamperWithNextIdToken((claims) => ({ ...claims, iss: 'https://accounts.google.com' }));
    const browser = new Browser(s.t.app);
    await expectRefused(browser, await browser.open(startPath(dennis)));
    expect(lastFailure(s)).toContain('unexpected JWT "iss" (issuer) claim value');
    expect(await usersWithSub(s, dennis.sub)).toEqual([]);
  });

  it('refuses an expired ID token', async () => {
    // Issued two hours ago for one hour, as Google's are: well past the client's 30 s clock tolerance.
    const now = Math.floor(Date.now() / 1000);
    s.provider.tamperWithNextIdToken((claims) => ({ ...claims, iat: now - 7200, exp: now - 3600 }));
    const browser = new Browser(s.t.app);
    await expectRefused(browser, await browser.open(startPath(edsger)));
    expect(lastFailure(s)).toContain('unexpected JWT "exp" (expiration time) claim value');
    expect(await usersWithSub(s, edsger.sub)).toEqual([]);
  });

  it('refuses an authorization code used twice, even with its PKCE verifier and nonce', async () => {
    const { t } = s;
    // The person signs in; the code in their callback URL is seen (a log, a proxy, the history).
    const browser = new Browser(t.app);
    const callback = await browser.open(startPath(frances), { stopBefore: '/api/auth/callback' });
    const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');
    const [pending] = await t.db
      .select()
      .from(authRequests)
      .where(eq(authRequests.stateHash, hashOf(callback.searchParams.get('state') ?? '')));
    expect((await browser.open(`${callback.pathname}${callback.search}`)).pathname).toBe('/');

    // The thief holds a sign-in of their own that carries the victim's verifier and nonce, so the
    // app redeems the code exactly as the first time: only the provider's single use can stop it.
    const thief = new Browser(t.app);
    const state = randomState();
    const now = new Date();
    await t.db.insert(authRequests).values({
      stateHash: hashOf(state),
      codeVerifier: pending?.codeVerifier ?? '',
      nonce: pending?.nonce ?? '',
      createdAt: now,
      expiresAt: new Date(now.getTime() + 60_000),
    });
    thief.appCookies.set(AUTH_STATE_COOKIE, state);
    const replayed = new URL(callback);
    replayed.searchParams.set('state', state);
    await expectRefused(thief, await thief.open(`${replayed.pathname}${replayed.search}`));
    expect(s.provider.refusals).toContainEqual({
      error: 'invalid_grant',
      detail: 'authorization code already consumed',
    });
    expect(lastFailure(s)).toContain('invalid_grant');
  });
});

// A provider of its own: the rotation leaves the app's copy of the keys stale for a minute.
describe('a key rotation at the certified provider', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await startProviderAndApp();
  });
  afterAll(() => stop(s));

  it('signs in again once the client has fetched the new key', async () => {
    const { provider, t } = s;
    expect((await new Browser(t.app).open(startPath(bob))).pathname).toBe('/');
    const oldKey = provider.signingKeyId();
    const keyFetches = () => provider.served.filter((route) => route === 'jwks').length;
    const fetchedBefore = keyFetches();

    await provider.rotateSigningKey();
    expect(provider.signingKeyId()).not.toBe(oldKey);

    // openid-client fetches the keys again for an unknown key id at most once a minute (so forged
    // key ids cannot make it hammer the provider): within that minute of its last fetch, a token
    // signed with a key it has not seen is refused, cleanly.
    const tooSoon = new Browser(t.app);
    await expectRefused(tooSoon, await tooSoon.open(startPath(bob)));
    expect(lastFailure(s)).toContain('no applicable keys found');

    vi.setSystemTime(Date.now() + 61_000);
    try {
      const browser = new Browser(t.app);
      expect((await browser.open(startPath(bob))).pathname).toBe('/');
      expect(keyFetches()).toBeGreaterThan(fetchedBefore);
      expect(decodeProtectedHeader(provider.idTokens.at(-1) ?? '').kid).toBe(provider.signingKeyId());
      expect((await browser.user()).json()).toMatchObject({ email: bob.email });
    } finally {
      vi.useRealTimers();
    }
  });
});
