import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../factories';
import { loginAs } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (line) => lines.push(line) } });
});
afterAll(() => t.close());

describe('request logs', () => {
  it('are JSON lines with method, url and status, and never hold cookies, tokens or sign-in codes', async () => {
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
    expect(records.some((r) => JSON.stringify(r.req ?? {}).includes('"url":"/api/today"'))).toBe(true);
    expect(records.some((r) => (r.res as { statusCode?: number } | undefined)?.statusCode === 200)).toBe(
      true,
    );
    const all = lines.join('\n');
    for (const secret of [token, 'secret-abc', 'SECRETCODE123', 'SECRETSTATE456'])
      expect(all).not.toContain(secret);
    expect(all).toContain('/api/auth/callback?[redacted]');
  });
});
