import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../factories';
import { loginAs } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

const root = mkdtempSync(join(tmpdir(), 'stride-client-'));
let t: TestApp;

beforeAll(async () => {
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Stride</title><div id="root"></div>');
  writeFileSync(join(root, 'assets', 'index-abc123.js'), 'console.log("app");');
  t = await createTestApp({ clientRoot: root });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe('built client', () => {
  it('serves index.html at / without long caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers client routes with the app shell, but unknown API paths with JSON 404', async () => {
    for (const path of ['/today', '/all-items', '/some/unknown/page']) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    const { headers } = await loginAs(t.db, { email: uniqueEmail() });
    const api = await t.app.inject({ method: 'GET', url: '/api/nope', headers });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found' });
    const post = await t.app.inject({ method: 'POST', url: '/today', payload: {} });
    expect(post.statusCode).toBe(404);
  });
});
