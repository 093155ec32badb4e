import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../factories';
import { loginAs } from './helpers/login';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from './helpers/test-app';

const root = mkdtempSync(join(tmpdir(), 'stride-client-'));
let t: TestApp;

/** A page load as the browser makes it at PUBLIC_URL (or at `host`, another name of the server). */
const page = (url: string, host = new URL(TEST_PUBLIC_URL).host, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host, ...headers } });
const withCookie = { cookie: 'stride_session=some-token' };

beforeAll(async () => {
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Stride</title><div id="root"></div>');
  writeFileSync(
    join(root, 'landing.html'),
    '<!doctype html><title>Stride</title><div id="root">Key features</div>',
  );
  // The screens' pre-rendered frames (scripts/prerender-pages.tsx).
  writeFileSync(
    join(root, 'app-today.html'),
    '<div id="app-shell">Today frame</div><div id="root" hidden></div>',
  );
  writeFileSync(
    join(root, 'app-all-items.html'),
    '<div id="app-shell">All Items frame</div><div id="root" hidden></div>',
  );
  writeFileSync(join(root, 'assets', 'index-abc123.js'), 'console.log("app");');
  // What scripts/precompress.ts writes beside a file (contents stand in for the compressed bytes).
  writeFileSync(join(root, 'assets', 'big-abc123.js'), 'x'.repeat(4000));
  writeFileSync(join(root, 'assets', 'big-abc123.js.br'), 'brotli bytes');
  writeFileSync(join(root, 'assets', 'big-abc123.js.gz'), 'gzip bytes');
  writeFileSync(join(root, 'assets', 'index-abc123.js.map'), '{"version":3}');
  t = await createTestApp({ clientRoot: root });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe('built client', () => {
  it('serves the pre-rendered landing page to a visitor without a session cookie, the app otherwise', async () => {
    for (const path of ['/', '/today', '/all-items', '/home', '/settings']) {
      const signedOut = await page(path);
      expect(signedOut.statusCode).toBe(200);
      expect(signedOut.body).toContain('Key features');
      expect(signedOut.headers.vary).toContain('Cookie');
      expect(signedOut.headers['cache-control']).toBe('no-cache');
      const withSession = await page(path, undefined, withCookie);
      expect(withSession.headers.vary).toContain('Cookie');
      // Today and All Items come with their frame drawn; the other screens are the plain app.
      const frame = { '/': 'Today frame', '/today': 'Today frame', '/all-items': 'All Items frame' }[path];
      expect(withSession.body).toContain(frame ?? '<div id="root"></div>');
    }
    // Pages that are not the landing page are the app's, cookie or not.
    for (const path of ['/login', '/no-such-page']) {
      expect((await page(path)).body).toContain('<div id="root"></div>');
    }
  });

  it('sends the precompressed copy the browser accepts, and the file itself to one that accepts neither', async () => {
    const br = await page('/assets/big-abc123.js', undefined, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toBe('brotli bytes');
    const gzip = await page('/assets/big-abc123.js', undefined, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toBe('gzip bytes');
    const plain = await page('/assets/big-abc123.js', undefined, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('x'.repeat(4000));
    // The copies travel through their file's route and have none of their own: each route is start time.
    expect(t.app.hasRoute({ method: 'GET', url: '/assets/big-abc123.js' })).toBe(true);
    expect(t.app.hasRoute({ method: 'GET', url: '/assets/big-abc123.js.br' })).toBe(false);
    expect(t.app.hasRoute({ method: 'GET', url: '/assets/big-abc123.js.gz' })).toBe(false);
  });

  it('serves the app shell at / without long caching to a visitor with a session cookie', async () => {
    const res = await page('/', undefined, withCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root" hidden>');
  });

  it('caches hashed assets for a year', async () => {
    const res = await page('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers client routes with the app shell, but unknown API paths with JSON 404', async () => {
    for (const path of ['/today', '/all-items', '/some/unknown/page']) {
      const res = await page(path, undefined, withCookie);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"');
    }
    const { headers } = await loginAs(t.db, { email: uniqueEmail() });
    const api = await t.app.inject({ method: 'GET', url: '/api/nope', headers });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found' });
    const post = await t.app.inject({
      method: 'POST',
      url: '/today',
      payload: {},
      headers: { origin: TEST_PUBLIC_URL },
    });
    expect(post.statusCode).toBe(404);
  });

  it('never serves source maps', async () => {
    const res = await page('/assets/index-abc123.js.map');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('"version"');
  });

  it('sends a page or a sign-in opened on another name of the server to PUBLIC_URL, where cookies work', async () => {
    for (const url of ['/', '/today?x=1', '/api/auth/google?login_hint=ada%40example.com']) {
      const res = await page(url, '127.0.0.1:3000');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`${TEST_PUBLIC_URL}${url}`);
    }
    // API calls are answered wherever they arrive (a load balancer's health check uses an address).
    expect((await page('/api/health', '10.0.0.7:3000')).statusCode).toBe(200);
  });
});
