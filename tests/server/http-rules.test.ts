import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_START_SCRIPT } from '#shared/api/app-start-script';
import { HealthSchema } from '#shared/api/auth';
import { GoalListSchema } from '#shared/api/goals';
import { THEME_SCRIPT } from '#shared/api/theme-script';
import { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from '../../src/server/http/json-body';
import { uniqueEmail } from '../factories';
import { ApiClient, messageOf } from './helpers/api';
import { loginAs } from './helpers/login';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from './helpers/test-app';

let t: TestApp;
let alice: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  alice = new ApiClient(t.app, (await loginAs(t.db, { email: uniqueEmail() })).headers);
});
afterAll(() => t.close());

const ID = '6f1c2e9a-1111-4222-8333-444455556666';
const EVERY_CALL: Array<[method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown]> = [
  ['GET', '/api/today'],
  ['GET', '/api/upcoming'],
  ['GET', '/api/goals'],
  ['GET', '/api/goals?showArchived=true'],
  ['GET', '/api/tasks'],
  ['GET', '/api/habits'],
  ['POST', '/api/goals', { title: 'x' }],
  ['POST', '/api/tasks', { title: 'x' }],
  ['POST', '/api/habits', { title: 'x' }],
  ['PATCH', `/api/tasks/${ID}`, { title: 'x' }],
  ['PATCH', `/api/habits/${ID}`, { title: 'x' }],
  ['PATCH', `/api/goals/${ID}`, { title: 'x' }],
  ['DELETE', `/api/goals/${ID}`],
  ['DELETE', `/api/tasks/${ID}`],
  ['DELETE', `/api/habits/${ID}`],
  ['DELETE', '/api/tasks/completed'],
  ['DELETE', `/api/goals/${ID}/tasks/completed`],
  ['POST', '/api/today/reorder', { items: [{ id: ID, type: 'task', todaySortOrder: 0 }] }],
  ['POST', '/api/tasks/reorder', { goalId: null, items: [{ id: ID, sortOrder: 0 }] }],
  ['POST', '/api/habits/reorder', { items: [{ id: ID, sortOrder: 0 }] }],
  ['POST', '/api/goals/reorder', { items: [{ id: ID, sortOrder: 0 }] }],
];

describe('signed out', () => {
  it.each(EVERY_CALL)('%s %s answers 401 "Not signed in"', async (method, url, body) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { origin: TEST_PUBLIC_URL },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not signed in' });
  });

  it('a cookie with an unknown token is signed out too', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/today',
      headers: { cookie: 'stride_session=forged' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('cross-site requests', () => {
  it.each(EVERY_CALL.filter(([method]) => method !== 'GET'))(
    '%s %s from a foreign Origin answers 403 and changes nothing',
    async (method, url, body) => {
      const before = await alice.expect(200, GoalListSchema, 'GET', '/api/goals?showArchived=true');
      const res = await alice.call(method, url, body, { origin: 'https://evil.example' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Cross-site request refused' });
      expect(await alice.expect(200, GoalListSchema, 'GET', '/api/goals?showArchived=true')).toEqual(before);
    },
  );

  it.each(EVERY_CALL.filter(([method]) => method !== 'GET'))(
    '%s %s without Origin or Sec-Fetch-Site answers 403 and says what to send',
    async (method, url, body) => {
      const { origin: _origin, ...noOrigin } = alice.headers;
      const res = await t.app.inject({
        method,
        url,
        headers: noOrigin,
        ...(body === undefined ? {} : { payload: body as object }),
      });
      expect(res.statusCode).toBe(403);
      expect(messageOf(res)).toBe(
        `Writes must come from the Stride app: send an Origin header of ${TEST_PUBLIC_URL}`,
      );
    },
  );

  it('accepts a write without Origin when the browser says Sec-Fetch-Site: same-origin', async () => {
    const { origin: _origin, ...noOrigin } = alice.headers;
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/goals',
      headers: { ...noOrigin, 'sec-fetch-site': 'same-origin' },
      payload: { title: 'From an older browser' },
    });
    expect(sameOrigin.statusCode).toBe(201);
    const sameSite = await t.app.inject({
      method: 'POST',
      url: '/api/goals',
      headers: { ...noOrigin, 'sec-fetch-site': 'same-site' },
      payload: { title: 'From a sibling subdomain' },
    });
    expect(sameSite.statusCode).toBe(403);
  });

  it('refuses Sec-Fetch-Site: cross-site and accepts the app’s own origin', async () => {
    const crossSite = await alice.call(
      'POST',
      '/api/goals',
      { title: 'x' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.statusCode).toBe(403);
    const sameOrigin = await alice.call(
      'POST',
      '/api/goals',
      { title: 'Mine' },
      { origin: 'http://localhost:3000' },
    );
    expect(sameOrigin.statusCode).toBe(201);
  });
});

describe('bad input', () => {
  it('malformed JSON answers 400 "Malformed JSON body" and creates nothing', async () => {
    const before = await alice.expect(200, GoalListSchema, 'GET', '/api/goals');
    const res = await alice.app.inject({
      method: 'POST',
      url: '/api/goals',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      payload: '{"title": "oops",',
    });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('Malformed JSON body');
    expect(await alice.expect(200, GoalListSchema, 'GET', '/api/goals')).toEqual(before);
  });

  it('a body over 64 KiB answers 413 "Request body is too large", 10 MB too', async () => {
    for (const size of [70 * 1024, 10 * 1024 * 1024]) {
      const res = await alice.call('POST', '/api/goals', { title: 'big', description: 'x'.repeat(size) });
      expect(res.statusCode).toBe(413);
      expect(messageOf(res)).toBe('Request body is too large');
    }
  });

  it('JSON nested deeper than the bound answers 400 before it is parsed, on the import too', async () => {
    const before = await alice.expect(200, GoalListSchema, 'GET', '/api/goals');
    const deep = (depth: number) => `{"title":"deep","x":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const cases: Array<[url: string, payload: string]> = [
      ['/api/goals', deep(MAX_JSON_DEPTH)],
      // About 12 MB of brackets, within the import's size limit: JSON.parse would spend seconds on it.
      ['/api/account/import', deep(6_000_000)],
    ];
    for (const [url, payload] of cases) {
      const res = await alice.app.inject({
        method: 'POST',
        url,
        headers: { ...alice.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, url).toBe(400);
      expect(messageOf(res)).toBe(TOO_DEEP_MESSAGE);
    }
    expect(await alice.expect(200, GoalListSchema, 'GET', '/api/goals')).toEqual(before);
    // One level less is parsed and judged by the schema as usual (which drops the unknown key).
    const shallow = await alice.call('POST', '/api/goals', {
      title: 'shallow',
      x: JSON.parse(`${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}`),
    });
    expect(shallow.statusCode).toBe(201);
  });

  it('a body that is not JSON answers 415 and creates nothing', async () => {
    const before = await alice.expect(200, GoalListSchema, 'GET', '/api/goals');
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await alice.app.inject({
        method: 'POST',
        url: '/api/goals',
        headers: { ...alice.headers, 'content-type': type },
        payload: 'title=x',
      });
      expect(res.statusCode, type).toBe(415);
      expect(messageOf(res)).toBe('Unsupported content type: send JSON');
    }
    expect(await alice.expect(200, GoalListSchema, 'GET', '/api/goals')).toEqual(before);
  });

  it('a JSON body that is not an object, or no body at all, is refused', async () => {
    const array = await alice.call('POST', '/api/goals', ['title']);
    expect(array.statusCode).toBe(400);
    expect(messageOf(array)).toBe('Request body must be a JSON object');
    const none = await alice.call('POST', '/api/habits');
    expect(none.statusCode).toBe(400);
  });

  it('validation answers list the issues with their paths', async () => {
    const res = await alice.call('POST', '/api/tasks', { title: '', isToday: 'x' });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; issues: Array<{ path: string; message: string }> };
    expect(body.message).toBe('Title is required');
    expect(body.issues.map((issue) => issue.path)).toEqual(expect.arrayContaining(['title', 'isToday']));
  });

  it('unknown /api paths answer a JSON 404', async () => {
    const res = await alice.call('GET', '/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});

describe('GET /api/health', () => {
  it('answers without sign-in and reports the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(HealthSchema.parse(res.json())).toEqual({ status: 'ok', database: 'up' });
  });
});

describe('text rules', () => {
  const TEXT_FIELDS: Array<[route: string, field: 'title' | 'description', make: () => Promise<string>]> = [
    ['POST /api/goals', 'title', async () => '/api/goals'],
    ['POST /api/goals', 'description', async () => '/api/goals'],
    ['POST /api/tasks', 'title', async () => '/api/tasks'],
    ['POST /api/habits', 'title', async () => '/api/habits'],
    ['PATCH /api/goals/:id', 'title', async () => `/api/goals/${(await alice.createGoal()).id}`],
    ['PATCH /api/goals/:id', 'description', async () => `/api/goals/${(await alice.createGoal()).id}`],
    ['PATCH /api/tasks/:id', 'title', async () => `/api/tasks/${(await alice.createTask()).id}`],
    ['PATCH /api/habits/:id', 'title', async () => `/api/habits/${(await alice.createHabit()).id}`],
  ];
  const label = (field: string) => (field === 'title' ? 'Title' : 'Description');
  const snapshot = async () =>
    Promise.all([
      alice.expect(200, GoalListSchema, 'GET', '/api/goals?showArchived=true'),
      alice.call('GET', '/api/tasks').then((res) => res.json()),
      alice.call('GET', '/api/habits').then((res) => res.json()),
    ]);

  it.each(TEXT_FIELDS)(
    '%s refuses a NUL byte or another control character in %s with 400',
    async (route, field, make) => {
      const url = await make();
      const method = route.startsWith('POST') ? 'POST' : 'PATCH';
      const before = await snapshot();
      for (const bad of ['a\u0000b', '\u0007bell', 'esc\u001b[31m', 'del\u007f']) {
        const body = field === 'title' ? { title: bad } : { title: 'Fine', description: bad };
        const res = await alice.call(method, url, body);
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        expect(messageOf(res)).toBe(`${label(field)} must not contain control characters`);
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(TEXT_FIELDS)('%s refuses an unpaired surrogate in %s with 400', async (route, field, make) => {
    const url = await make();
    const method = route.startsWith('POST') ? 'POST' : 'PATCH';
    // Built as raw JSON: a JS string with a lone surrogate would be re-encoded on the way.
    const text =
      field === 'title' ? '{"title":"half \\ud83d pair"}' : '{"title":"Fine","description":"x\\udc00"}';
    const res = await alice.app.inject({
      method,
      url,
      headers: { ...alice.headers, 'content-type': 'application/json' },
      payload: text,
    });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe(`${label(field)} contains an invalid character (an unpaired surrogate)`);
  });

  it('keeps tabs in titles, line breaks and tabs in descriptions, and whole emoji', async () => {
    const goal = await alice.createGoal({
      title: 'Plan\tweek 🏃‍♀️',
      description: 'Line one\r\nLine two\n\tindented',
    });
    expect(goal.title).toBe('Plan\tweek 🏃‍♀️');
    expect(goal.description).toBe('Line one\r\nLine two\n\tindented');
    const res = await alice.call('POST', '/api/tasks', { title: 'two\nlines' });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('Title must not contain control characters');
  });
});

describe('response headers', () => {
  it.each(['/api/today', '/api/tasks', '/api/goals', '/api/habits', '/api/auth/user', '/api/auth/sessions'])(
    'GET %s is never cached (Cache-Control: no-store)',
    async (url) => {
      const res = await alice.call('GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    },
  );

  it('every answer carries the security headers, computed once', async () => {
    // The only inline scripts a page may run are the theme's and the pre-rendered pages' start, each
    // named by its SHA-256 (CSP level 2's hash source).
    const hashSource = (script: string) =>
      `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
    const inlineScripts = `${hashSource(THEME_SCRIPT)} ${hashSource(APP_START_SCRIPT)}`;
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers).toMatchObject({
      'content-security-policy': `default-src 'self';script-src 'self' ${inlineScripts};style-src 'self' 'unsafe-inline';img-src 'self' data: https:;font-src 'self' data:;connect-src 'self';manifest-src 'self';worker-src 'self';object-src 'none';base-uri 'self';frame-ancestors 'none';form-action 'self'`,
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    // HSTS only in production (tests/server/auth-flow.test.ts checks it there).
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const unknown = await alice.call('GET', '/api/nothing-here');
    expect(unknown.headers['x-frame-options']).toBe('DENY');
  });

  it('error answers are not cached either', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/today' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sets security headers and compresses large answers', async () => {
    for (let i = 0; i < 30; i += 1)
      await alice.createGoal({ description: 'A description long enough to compress.' });
    const res = await alice.call('GET', '/api/goals', undefined, { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
  });
});
