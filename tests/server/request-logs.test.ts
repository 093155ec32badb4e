import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../factories';
import { loginAs } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    logStream: { write: (line) => lines.push(line) },
    extend: (app) => {
      // A query that fails inside the database with a personal value among its parameters.
      app.get('/api/auth/failing-query-test', async () => {
        await t.db.execute(sql`select ${'SECRET-TITLE ada@example.com'}::integer`);
        return { reached: true };
      });
    },
  });
});
afterAll(() => t.close());

describe('request logs', () => {
  it('are one JSON line per request with method, url, status and time, and never hold cookies, tokens or sign-in codes', async () => {
    const { token, headers } = await loginAs(t.db, { email: uniqueEmail() });
    await t.app.inject({
      method: 'GET',
      url: '/api/today',
      headers: { ...headers, authorization: 'Bearer secret-abc' },
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/auth/callback?code=SECRETCODE123&state=SECRETSTATE456',
      headers,
    });

    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    // One record per request, written with its answer, read at a glance by its message.
    const today = records.filter((r) => JSON.stringify(r.req ?? {}).includes('"url":"/api/today"'));
    expect(today).toHaveLength(1);
    expect(today[0]).toMatchObject({
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
      msg: expect.stringMatching(/^GET \/api\/today 200 \d+ms$/),
    });
    const all = lines.join('\n');
    for (const secret of [token, 'secret-abc', 'SECRETCODE123', 'SECRETSTATE456'])
      expect(all).not.toContain(secret);
    expect(all).toContain('/api/auth/callback?[redacted]');
    expect(all).toMatch(/"msg":"GET \/api\/auth\/callback\?\[redacted\] \d{3} \d+ms"/);
  });

  it('an unexpected failure logs the error class and code, never the SQL or its parameters', async () => {
    lines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/failing-query-test' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error' });
    const failure = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((record) => record.msg === 'request failed');
    expect(failure).toMatchObject({
      code: '22P02',
      errorClasses: expect.arrayContaining([expect.any(String)]),
    });
    const all = lines.join('\n');
    expect(all).not.toContain('SECRET-TITLE');
    expect(all).not.toContain('ada@example.com');
    expect(all.toLowerCase()).not.toContain('select');
  });

  it('log the socket’s address, not one a client claims in X-Forwarded-For (no TRUST_PROXY)', async () => {
    lines.length = 0;
    await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-for': '203.0.113.66' },
      remoteAddress: '198.51.100.4',
    });
    const all = lines.join('\n');
    expect(all).toContain('"remoteAddress":"198.51.100.4"');
    expect(all).not.toContain('203.0.113.66');
  });
});
