import { createHash } from 'node:crypto';
import cookie from '@fastify/cookie';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type LightMyRequestResponse, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomPKCECodeVerifier } from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_ERRORS, type SignInErrorCode } from '#shared/api/wire-names';
import { authRequests } from '../../src/server/db/schema';
import { AUTH_STATE_COOKIE, authRoutes, signInFailedPath } from '../../src/server/modules/auth/auth.routes';
import { authSessionPlugin } from '../../src/server/modules/auth/auth-session';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../../src/server/modules/auth/sessions.service';
import { AUTH_REQUEST_TTL_MS } from '../../src/server/modules/auth/sign-in.service';
import { inProcessLiveChannel } from '../../src/server/modules/live/live-channel';
import { errorsPlugin } from '../../src/server/plugins/errors';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The whole sign-in through the HTTP layer: the real app answers through inject, the development
 * issuer runs on a real port, and the browser's part (cookies, following redirects) is played by hand.
 */

let t: TestApp;
/** Moves the app's clock (not the issuer's) forward, to let a started sign-in expire. */
let clockOffsetMs = 0;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(Date.now() + clockOffsetMs) });
});

afterAll(async () => {
  await t.close();
});

/** A browser's cookie jar for one origin, fed from the app's Set-Cookie headers. */
class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly app: FastifyInstance = t.app,
    readonly publicUrl: string = t.env.PUBLIC_URL,
  ) {}

  remember(res: LightMyRequestResponse): void {
    for (const c of res.cookies as Array<{ name: string; value: string; expires?: Date; maxAge?: number }>) {
      const expired = c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (expired || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  /** A navigation on the app's own host name; `headers` adds what a browser would send (Sec-Fetch-Site). */
  async get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      method: 'GET',
      url,
      headers: { host: new URL(this.publicUrl).host, ...headers },
      cookies: Object.fromEntries(this.cookies),
    });
    this.remember(res);
    return res;
  }
}

/** GET /api/auth/google; returns the issuer URL the app redirected to. */
async function startSignIn(
  browser: Browser,
  loginHint?: string,
  headers: Record<string, string> = {},
): Promise<URL> {
  const query = loginHint === undefined ? '' : `?login_hint=${encodeURIComponent(loginHint)}`;
  const res = await browser.get(`/api/auth/google${query}`, headers);
  expect(res.statusCode).toBe(302);
  return new URL(res.headers.location as string);
}

/** Follows the redirect at the issuer; returns the app path (with query) it sends the browser back to. */
async function visitIssuer(authorizeUrl: URL): Promise<string> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location') ?? '');
  return `${back.pathname}${back.search}`;
}

async function signIn(loginHint?: string, browser = new Browser()) {
  const callback = await visitIssuer(await startSignIn(browser, loginHint));
  const res = await browser.get(callback);
  return { browser, res, callback };
}

/** The auth_requests row of the sign-in this callback finishes (the table keys it by the state's hash). */
function requestRowOf(callback: string) {
  const state = new URL(callback, 'http://app.test').searchParams.get('state') ?? '';
  return eq(authRequests.stateHash, createHash('sha256').update(state).digest('hex'));
}

async function currentUser(browser: Browser) {
  return browser.get('/api/auth/user');
}

function expectFailure(
  res: LightMyRequestResponse,
  browser: Browser,
  code: SignInErrorCode = SIGN_IN_ERRORS.failed,
) {
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe(signInFailedPath(code));
  expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
  expect(res.cookies.some((c: { name: string }) => c.name === SESSION_COOKIE)).toBe(false);
}

describe('sign-in through the development issuer', () => {
  it('signs in as the hinted address and shows the user', async () => {
    const browser = new Browser();
    const authorizeUrl = await startSignIn(browser, 'ada.lovelace@example.com');
    expect(authorizeUrl.origin).toBe(t.issuer.issuer);
    expect(authorizeUrl.searchParams.get('login_hint')).toBe('ada.lovelace@example.com');
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');

    const stateCookie = browser.cookies.get(AUTH_STATE_COOKIE);
    expect(stateCookie).toBe(authorizeUrl.searchParams.get('state'));

    const res = await browser.get(await visitIssuer(authorizeUrl));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    const session = res.cookies.find((c: { name: string }) => c.name === SESSION_COOKIE) as
      | { httpOnly?: boolean; sameSite?: string; path?: string }
      | undefined;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(browser.cookies.has(AUTH_STATE_COOKIE)).toBe(false);

    const user = await currentUser(browser);
    expect(user.statusCode).toBe(200);
    expect(user.json()).toEqual({
      id: expect.any(String),
      email: 'ada.lovelace@example.com',
      name: 'Ada Lovelace',
      firstName: 'Ada',
      picture: null,
      timeZone: 'UTC',
      timeZoneFromDevice: true,
      dayStartHour: 0,
    });
  });

  it('sets the state cookie HttpOnly, SameSite=Lax, short-lived and scoped to /api/auth', async () => {
    const res = await new Browser().get('/api/auth/google');
    const state = res.cookies.find((c: { name: string }) => c.name === AUTH_STATE_COOKIE);
    expect(state).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth', maxAge: 600 });
  });

  it('signs in the demo user when no address is given', async () => {
    const { browser, res } = await signIn();
    expect(res.headers.location).toBe('/');
    expect((await currentUser(browser)).json()).toMatchObject({
      email: 'demo@stride.local',
      name: 'Demo User',
      firstName: 'Demo',
    });
  });

  it('makes two users of two addresses, and finds the same user again by address', async () => {
    const grace = await currentUser((await signIn('grace.hopper@example.com')).browser);
    const alan = await currentUser((await signIn('alan.turing@example.com')).browser);
    const graceAgain = await currentUser((await signIn('grace.hopper@example.com')).browser);
    expect(grace.json().id).not.toBe(alan.json().id);
    expect(graceAgain.json().id).toBe(grace.json().id);
  });

  it("makes a new session at every sign-in and keeps the other browser's one until it logs out", async () => {
    const first = await signIn('margaret.hamilton@example.com');
    const second = await signIn('margaret.hamilton@example.com');
    const firstToken = first.browser.cookies.get(SESSION_COOKIE);
    const secondToken = second.browser.cookies.get(SESSION_COOKIE);
    expect(firstToken).toBeTruthy();
    expect(secondToken).toBeTruthy();
    expect(secondToken).not.toBe(firstToken);
    expect((await currentUser(first.browser)).statusCode).toBe(200);
    expect((await currentUser(second.browser)).statusCode).toBe(200);
  });

  it('replaces the session of a browser that signs in again', async () => {
    const { browser } = await signIn('again@example.com');
    const oldToken = browser.cookies.get(SESSION_COOKIE) ?? '';
    await signIn('again@example.com', browser);
    expect(browser.cookies.get(SESSION_COOKIE)).not.toBe(oldToken);
    expect((await currentUser(browser)).statusCode).toBe(200);
    const oldCopy = new Browser();
    oldCopy.cookies.set(SESSION_COOKIE, oldToken);
    expect((await currentUser(oldCopy)).statusCode).toBe(401);
  });

  it('fails when the callback state is not the one this browser started', async () => {
    const browser = new Browser();
    const callback = await visitIssuer(await startSignIn(browser, 'mallory@example.com'));
    const url = new URL(callback, 'http://app.test');
    url.searchParams.set('state', 'forged-state');
    const res = await browser.get(`${url.pathname}${url.search}`);
    expectFailure(res, browser);
    expect((await currentUser(browser)).statusCode).toBe(401);
  });

  it("fails when the callback comes from another browser's sign-in (state cookie missing)", async () => {
    const victim = new Browser();
    const callback = await visitIssuer(await startSignIn(victim, 'victim@example.com'));
    const attacker = new Browser();
    const res = await attacker.get(callback);
    expectFailure(res, attacker, SIGN_IN_ERRORS.expired);
  });

  it('fails when the same callback is replayed', async () => {
    const { browser, callback } = await signIn('replay@example.com');
    const stolen = new Browser();
    // The state cookie as it was before the first callback cleared it.
    stolen.cookies.set(
      AUTH_STATE_COOKIE,
      new URL(callback, 'http://app.test').searchParams.get('state') ?? '',
    );
    const res = await stolen.get(callback);
    expectFailure(res, stolen, SIGN_IN_ERRORS.expired);
    expect((await currentUser(browser)).statusCode).toBe(200);
  });

  it('fails when the issuer refuses the PKCE verifier', async () => {
    const browser = new Browser();
    const callback = await visitIssuer(await startSignIn(browser, 'pkce@example.com'));
    await t.db
      .update(authRequests)
      .set({ codeVerifier: randomPKCECodeVerifier() })
      .where(requestRowOf(callback));
    const res = await browser.get(callback);
    expectFailure(res, browser);
  });

  it('fails when the sign-in took longer than its expiry', async () => {
    const browser = new Browser();
    const callback = await visitIssuer(await startSignIn(browser, 'slow@example.com'));
    clockOffsetMs = AUTH_REQUEST_TTL_MS + 1000;
    try {
      expectFailure(await browser.get(callback), browser, SIGN_IN_ERRORS.expired);
    } finally {
      clockOffsetMs = 0;
    }
    // The row is gone too: coming back in time does not revive the sign-in.
    expectFailure(await browser.get(callback), browser, SIGN_IN_ERRORS.expired);
  });

  it('fails when the issuer answers with an error', async () => {
    const browser = new Browser();
    const callback = await visitIssuer(await startSignIn(browser, 'not-an-address'));
    expect(new URL(callback, 'http://app.test').searchParams.get('error')).toBe('invalid_request');
    const res = await browser.get(callback);
    expectFailure(res, browser);
  });

  it('a sign-in started from another site shows whom it signs in and waits for a click', async () => {
    // A page elsewhere links to our sign-in with its own choice of address (login CSRF).
    const victim = new Browser();
    const authorizeUrl = await startSignIn(victim, 'mallory@example.com', { 'sec-fetch-site': 'cross-site' });
    expect(authorizeUrl.searchParams.get('prompt')).toBe('select_account');
    const page = await fetch(authorizeUrl, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await page.text();
    expect(html).toContain('You will be signed in as <strong>mallory@example.com</strong>');
    // Nothing happened yet: no session.
    expect((await currentUser(victim)).statusCode).toBe(401);

    const approval = /name="approval" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const decide = (decision: string) =>
      fetch(new URL('/authorize/decision', t.issuer.issuer), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        body: new URLSearchParams({ approval, decision }),
      });
    const cancelled = await decide('deny');
    expect(cancelled.status).toBe(302);
    const back = new URL(cancelled.headers.get('location') ?? '');
    expectFailure(await victim.get(`${back.pathname}${back.search}`), victim, SIGN_IN_ERRORS.cancelled);
    // The approval was single-use.
    expect((await decide('approve')).status).toBe(400);
  });

  it('the person who started it elsewhere can approve it and is signed in', async () => {
    const browser = new Browser();
    const authorizeUrl = await startSignIn(browser, 'own.link@example.com', {
      'sec-fetch-site': 'same-site',
    });
    const html = await (await fetch(authorizeUrl)).text();
    const approval = /name="approval" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const approved = await fetch(new URL('/authorize/decision', t.issuer.issuer), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ approval, decision: 'approve' }),
    });
    const back = new URL(approved.headers.get('location') ?? '');
    const res = await browser.get(`${back.pathname}${back.search}`);
    expect(res.headers.location).toBe('/');
    expect((await currentUser(browser)).json()).toMatchObject({ email: 'own.link@example.com' });
  });

  it('a sign-in from our own page or the address bar is approved at once', async () => {
    for (const site of ['same-origin', 'none']) {
      const authorizeUrl = await startSignIn(new Browser(), 'quick@example.com', { 'sec-fetch-site': site });
      expect(authorizeUrl.searchParams.has('prompt')).toBe(false);
      expect((await fetch(authorizeUrl, { redirect: 'manual' })).status).toBe(302);
    }
  });

  it('refuses a login_hint with control characters before reaching the issuer', async () => {
    const res = await new Browser().get('/api/auth/google?login_hint=a%00b%40example.com');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'login_hint must not contain control characters' });
  });

  it('answers 401 to /api/auth/user when signed out', async () => {
    const res = await new Browser().get('/api/auth/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not signed in' });
  });
});

/** What a browser sends with a click on the app's own sign-out. */
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

describe('logout', () => {
  it('revokes the session, clears the cookie and goes home', async () => {
    const { browser } = await signIn('leaving@example.com');
    const token = browser.cookies.get(SESSION_COOKIE) ?? '';
    const res = await browser.get('/api/auth/logout', SAME_ORIGIN);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);

    // The old cookie no longer opens anything, even when a copy of it is replayed.
    const replayed = new Browser();
    replayed.cookies.set(SESSION_COOKIE, token);
    const user = await currentUser(replayed);
    expect(user.statusCode).toBe(401);
    expect(user.json()).toEqual({ message: 'Not signed in' });
  });

  it('ends only the session it is called from', async () => {
    const phone = await signIn('two.devices@example.com');
    const laptop = await signIn('two.devices@example.com');
    await phone.browser.get('/api/auth/logout', SAME_ORIGIN);
    expect((await currentUser(phone.browser)).statusCode).toBe(401);
    expect((await currentUser(laptop.browser)).statusCode).toBe(200);
  });

  it('asks first when another site sent the sign-out, or nothing says where it came from', async () => {
    const { browser } = await signIn('asked.first@example.com');
    const cases: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      {},
      { referer: 'https://elsewhere.example/page' },
      { origin: 'https://elsewhere.example' },
    ];
    for (const headers of cases) {
      const res = await browser.get('/api/auth/logout', headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('Sign out of Stride?');
      // The page's button is a navigation from our own page to the same address.
      expect(res.body).toContain('action="/api/auth/logout"');
      expect(browser.cookies.has(SESSION_COOKIE)).toBe(true);
      expect((await currentUser(browser)).statusCode).toBe(200);
    }
  });

  it('signs out at once when typed, or proven ours by Referer or Origin', async () => {
    const proofs: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'none' },
      { referer: `${t.env.PUBLIC_URL}/today` },
      { origin: new URL(t.env.PUBLIC_URL).origin },
    ];
    for (const headers of proofs) {
      const { browser } = await signIn('proven@example.com');
      const res = await browser.get('/api/auth/logout', headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(302);
      expect((await currentUser(browser)).statusCode).toBe(401);
    }
  });

  it('redirects home when nobody is signed in', async () => {
    const res = await new Browser().get('/api/auth/logout', SAME_ORIGIN);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
  });
});

describe('logging', () => {
  /** The sign-in routes alone, on the same database and issuer, with every log line kept. */
  const logLines: string[] = [];
  let logged: FastifyInstance;

  beforeAll(async () => {
    logged = Fastify({
      // Request lines are app.ts's concern (it hides /api/auth query strings); this checks the routes'.
      logController: new LogController({ disableRequestLogging: true }),
      logger: { level: 'debug', stream: { write: (line: string) => logLines.push(line) } },
    });
    logged.setValidatorCompiler(validatorCompiler);
    logged.setSerializerCompiler(serializerCompiler);
    await logged.register(cookie);
    await logged.register(errorsPlugin);
    await logged.register(authSessionPlugin, { db: t.db, env: t.env, clock: () => new Date() });
    await logged.register(authRoutes, {
      prefix: '/api/auth',
      db: t.db,
      env: t.env,
      live: inProcessLiveChannel(),
      oidc: {
        issuer: t.issuer.issuer,
        clientId: t.issuer.clientId,
        clientSecret: t.issuer.clientSecret,
        redirectUri: `${t.env.PUBLIC_URL}/api/auth/callback`,
      },
    });
    await logged.ready();
  });

  afterAll(async () => {
    await logged.close();
  });

  it('writes why a sign-in failed, and no code, state, verifier or session token', async () => {
    const failing = new Browser(logged);
    const failedCallback = await visitIssuer(await startSignIn(failing, 'logged@example.com'));
    const verifier = randomPKCECodeVerifier();
    await t.db.update(authRequests).set({ codeVerifier: verifier }).where(requestRowOf(failedCallback));
    expectFailure(await failing.get(failedCallback), failing);
    const { browser, callback } = await signIn('logged@example.com', new Browser(logged));

    const written = logLines.join('\n');
    expect(written).toContain('sign-in failed');
    expect(written).toContain('signed in');
    const secrets = [failedCallback, callback].flatMap((path) => {
      const params = new URL(path, 'http://app.test').searchParams;
      return [params.get('code'), params.get('state')];
    });
    secrets.push(verifier, browser.cookies.get(SESSION_COOKIE) ?? null);
    for (const secret of secrets) {
      expect(secret).toBeTruthy();
      expect(written).not.toContain(secret);
    }
  });
});

describe('in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({
      // Production refuses to run without them.
      rateLimits: true,
      env: {
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://stride.example',
        GOOGLE_CLIENT_ID: 'unused-here',
        GOOGLE_CLIENT_SECRET: 'unused-here',
      },
    });
  });
  afterAll(() => prod.close());

  it('names the session cookie __Host-: Secure, host-only, Path=/', async () => {
    const browser = new Browser(prod.app, prod.env.PUBLIC_URL);
    const { res } = await signIn('prod@example.com', browser);
    const cookie = res.cookies.find((c: { name: string }) => c.name === SECURE_SESSION_COOKIE) as
      | { secure?: boolean; path?: string; domain?: string; httpOnly?: boolean }
      | undefined;
    expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true });
    expect(cookie?.domain).toBeUndefined();
    expect(res.cookies.some((c: { name: string }) => c.name === SESSION_COOKIE)).toBe(false);
    expect((await browser.get('/api/auth/user')).statusCode).toBe(200);
    // The plain name means nothing there.
    const plain = new Browser(prod.app, prod.env.PUBLIC_URL);
    plain.cookies.set(SESSION_COOKIE, browser.cookies.get(SECURE_SESSION_COOKIE) ?? '');
    expect((await plain.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('sends HSTS', async () => {
    const res = await prod.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(res.headers['strict-transport-security'])).toContain('max-age=');
  });
});
