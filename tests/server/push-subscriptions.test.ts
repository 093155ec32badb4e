import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import {
  AUTH_MESSAGE,
  MAX_PUSH_SUBSCRIPTIONS,
  P256DH_MESSAGE,
  PushPublicKeySchema,
  PushSubscriptionSchema,
} from '#shared/api/push';
import { addressKind, vetPushEndpoint } from '../../src/server/modules/push/push-endpoint-guard';
import { sendPush } from '../../src/server/modules/push/push-sender';
import { uniqueEmail } from '../factories';
import { ApiClient, messageOf } from './helpers/api';
import { loginAs } from './helpers/login';
import { TestPushService } from './helpers/push-service';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Push subscriptions (docs/product.md#reminders, docs/decisions/032-push-reminders.md): the VAPID key
 * made once and kept, the browsers a person switches on (owner-scoped, at most 10), the endpoint guard,
 * and one message sent the standard way, decrypted by the tests' own push service.
 */

let t: TestApp;
let push: TestPushService;

beforeAll(async () => {
  t = await createTestApp();
  push = await TestPushService.start();
});
afterAll(async () => {
  await push.close();
  await t.close();
});

async function signedIn() {
  const { headers } = await loginAs(t.db, { email: uniqueEmail() });
  return new ApiClient(t.app, headers);
}

describe('GET /api/push/public-key', () => {
  it('answers one P-256 VAPID key, made once, kept in the database and the same on every instance', async () => {
    const client = await signedIn();
    const { publicKey } = await client.expect(200, PushPublicKeySchema, 'GET', '/api/push/public-key');
    const point = Buffer.from(publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    expect((await client.expect(200, PushPublicKeySchema, 'GET', '/api/push/public-key')).publicKey).toBe(
      publicKey,
    );
    const other = await t.anotherInstance();
    const res = await other.inject({ method: 'GET', url: '/api/push/public-key', headers: client.headers });
    expect(res.json()).toEqual({ publicKey });
  });

  it('answers the configured key when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set', async () => {
    const keys = webpush.generateVAPIDKeys();
    const configured = await createTestApp({
      env: {
        VAPID_PUBLIC_KEY: keys.publicKey,
        VAPID_PRIVATE_KEY: keys.privateKey,
        VAPID_SUBJECT: 'mailto:ops@example.com',
      },
    });
    try {
      const { headers } = await loginAs(configured.db, { email: uniqueEmail() });
      const res = await configured.app.inject({ method: 'GET', url: '/api/push/public-key', headers });
      expect(res.json()).toEqual({ publicKey: keys.publicKey });
    } finally {
      await configured.close();
    }
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/push/public-key' })).statusCode).toBe(401);
  });
});

describe('POST and DELETE /api/push/subscriptions', () => {
  it('keeps a browser once (201, then 200 with new keys), and DELETE by endpoint forgets it', async () => {
    const client = await signedIn();
    const browser = push.subscribe();
    const first = await client.expect(
      201,
      PushSubscriptionSchema,
      'POST',
      '/api/push/subscriptions',
      browser.json,
    );
    expect(first.endpoint).toBe(browser.json.endpoint);
    const again = push.subscribe().json.keys;
    const second = await client.expect(200, PushSubscriptionSchema, 'POST', '/api/push/subscriptions', {
      ...browser.json,
      keys: again,
    });
    expect(second.createdAt).toBe(first.createdAt);
    expect(
      (await client.call('DELETE', '/api/push/subscriptions', { endpoint: browser.json.endpoint }))
        .statusCode,
    ).toBe(204);
    const gone = await client.call('DELETE', '/api/push/subscriptions', { endpoint: browser.json.endpoint });
    expect(gone.statusCode).toBe(404);
    expect(messageOf(gone)).toBe('Push subscription not found');
  });

  it("answers 404 for another person's subscription and leaves it", async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const browser = push.subscribe();
    await owner.expect(201, PushSubscriptionSchema, 'POST', '/api/push/subscriptions', browser.json);
    const res = await stranger.call('DELETE', '/api/push/subscriptions', { endpoint: browser.json.endpoint });
    expect(res.statusCode).toBe(404);
    expect(
      (await owner.call('DELETE', '/api/push/subscriptions', { endpoint: browser.json.endpoint })).statusCode,
    ).toBe(204);
  });

  it('gives a browser to whoever switches it on last: the one before loses it (and with it their reminders there)', async () => {
    // One browser: Ann switched reminders on, signed out; Ben signed in there and switched them on.
    const ann = await signedIn();
    const ben = await signedIn();
    const browser = push.subscribe();
    await ann.expect(201, PushSubscriptionSchema, 'POST', '/api/push/subscriptions', browser.json);
    await ben.expect(201, PushSubscriptionSchema, 'POST', '/api/push/subscriptions', browser.json);
    const anns = await ann.call('DELETE', '/api/push/subscriptions', { endpoint: browser.json.endpoint });
    expect(anns.statusCode).toBe(404);
    expect(
      (await ben.call('DELETE', '/api/push/subscriptions', { endpoint: browser.json.endpoint })).statusCode,
    ).toBe(204);
  });

  it(`keeps at most ${MAX_PUSH_SUBSCRIPTIONS} browsers a person, with 409 and a way out beyond`, async () => {
    const client = await signedIn();
    const browsers = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS }, () => push.subscribe());
    for (const browser of browsers) {
      await client.expect(201, PushSubscriptionSchema, 'POST', '/api/push/subscriptions', browser.json);
    }
    const over = await client.call('POST', '/api/push/subscriptions', push.subscribe().json);
    expect(over.statusCode).toBe(409);
    expect(messageOf(over)).toBe(
      'You have reached the limit of 10 devices with reminders. Switch reminders off on a device you no longer use to add this one.',
    );
    // A browser already kept may still renew its keys.
    await client.expect(200, PushSubscriptionSchema, 'POST', '/api/push/subscriptions', browsers[0]?.json);
  });

  it.each([
    [{ keys: { p256dh: 'short', auth: 'AAAAAAAAAAAAAAAAAAAAAA' } }, 'keys.p256dh', P256DH_MESSAGE],
    [{ keys: { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: 'abc' } }, 'keys.auth', AUTH_MESSAGE],
    [{ endpoint: 'not a url' }, 'endpoint', 'endpoint must be the https address of a push service'],
    [{ endpoint: 'http://10.1.2.3/push/x' }, 'endpoint', 'endpoint must be on a public address'],
    [{ endpoint: 'http://[fe80::1]/push/x' }, 'endpoint', 'endpoint must be on a public address'],
    [{ endpoint: 'http://8.8.8.8/push/x' }, 'endpoint', 'endpoint must be an https address'],
    [{ endpoint: 'ftp://127.0.0.1/push/x' }, 'endpoint', 'endpoint must be an https address'],
  ])('refuses %j with 400 naming %s, and keeps nothing', async (change, path, message) => {
    const client = await signedIn();
    const browser = push.subscribe().json;
    const body = { ...browser, ...change };
    const res = await client.call('POST', '/api/push/subscriptions', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().issues).toEqual([{ path, message }]);
    expect(
      (await client.call('DELETE', '/api/push/subscriptions', { endpoint: body.endpoint })).statusCode,
    ).toBe(404);
  });
});

describe('the endpoint guard', () => {
  it.each([
    ['93.184.215.14', 'public'],
    ['2606:4700::1111', 'public'],
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['10.0.0.1', 'other'],
    ['172.16.5.4', 'other'],
    ['192.168.1.1', 'other'],
    ['100.64.0.1', 'other'],
    ['169.254.169.254', 'other'],
    ['0.0.0.0', 'other'],
    ['224.0.0.1', 'other'],
    ['255.255.255.255', 'other'],
    ['::', 'other'],
    ['fe80::1', 'other'],
    ['fc00::1', 'other'],
    ['fd12:3456::1', 'other'],
    ['ff02::1', 'other'],
    ['::ffff:10.0.0.1', 'other'],
    ['::ffff:169.254.169.254', 'other'],
    ['64:ff9b::a00:1', 'other'],
    ['2002:a00:1::', 'other'],
    ['2001:db8::1', 'other'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  const resolvingTo =
    (...addresses: string[]) =>
    async () =>
      addresses;

  it('in production takes only https on hosts whose every address is public', async () => {
    const production = (...addresses: string[]) => ({ production: true, resolve: resolvingTo(...addresses) });
    await expect(
      vetPushEndpoint('https://push.example/x', production('93.184.215.14')),
    ).resolves.toMatchObject({
      address: '93.184.215.14',
      family: 4,
    });
    await expect(vetPushEndpoint('http://push.example/x', production('93.184.215.14'))).rejects.toThrow(
      'endpoint must be an https address',
    );
    for (const inner of ['127.0.0.1', '::1', '10.0.0.8', '::ffff:192.168.0.1', 'fd00::1']) {
      await expect(
        vetPushEndpoint('https://push.example/x', production('93.184.215.14', inner)),
      ).rejects.toThrow('endpoint must be on a public address');
    }
    await expect(vetPushEndpoint('https://127.0.0.1/x', { production: true })).rejects.toThrow(
      'endpoint must be on a public address',
    );
    await expect(vetPushEndpoint('https://[::ffff:127.0.0.1]/x', { production: true })).rejects.toThrow(
      'endpoint must be on a public address',
    );
    await expect(
      vetPushEndpoint('https://user:pw@push.example/x', production('93.184.215.14')),
    ).rejects.toThrow('endpoint must not carry a user name or password');
    await expect(vetPushEndpoint('https://push.example/x', production())).rejects.toThrow('cannot be found');
  });

  it('outside production also takes loopback, over http or https, and nothing private', async () => {
    const local = { production: false };
    await expect(vetPushEndpoint('http://127.0.0.1:9/x', local)).resolves.toMatchObject({
      address: '127.0.0.1',
    });
    await expect(vetPushEndpoint('http://[::1]:9/x', local)).resolves.toMatchObject({
      address: '::1',
      family: 6,
    });
    await expect(vetPushEndpoint('http://192.168.1.1/x', local)).rejects.toThrow(
      'endpoint must be on a public address',
    );
  });
});

describe('one push message', () => {
  it('arrives encrypted for that browser (RFC 8291) and signed with the VAPID key (RFC 8292)', async () => {
    const client = await signedIn();
    const { publicKey } = await client.expect(200, PushPublicKeySchema, 'GET', '/api/push/public-key');
    const keys = webpush.generateVAPIDKeys();
    const browser = push.subscribe();
    const outcome = await sendPush(browser.json, JSON.stringify({ hello: 'there' }), {
      vapid: { subject: 'mailto:ops@example.com', ...keys },
      policy: { production: false },
      topic: 'abc',
      now: () => new Date(),
    });
    expect(outcome).toEqual({ kind: 'sent' });
    const [arrival] = push.arrivalsFor(browser.id);
    expect(arrival?.payload).toEqual({ hello: 'there' });
    expect(arrival?.vapidKey).toBe(keys.publicKey);
    expect(arrival?.vapidKey).not.toBe(publicKey);
    expect(arrival?.claims).toMatchObject({ aud: push.origin, sub: 'mailto:ops@example.com' });
    expect(arrival?.headers).toMatchObject({ ttl: '3600', urgency: 'high', topic: 'abc' });
    expect(push.rejected).toEqual([]);
  });

  it('says gone for 404 and 410, retry with Retry-After for 429 and 5xx, failed for a refused endpoint', async () => {
    const vapid = { subject: 'mailto:ops@example.com', ...webpush.generateVAPIDKeys() };
    const options = {
      vapid,
      policy: { production: false },
      topic: 't',
      now: () => new Date('2026-01-01T00:00:00Z'),
    };
    const browser = push.subscribe();
    push.answerNext(
      browser.id,
      { status: 410 },
      { status: 404 },
      { status: 429, headers: { 'retry-after': '30' } },
      { status: 503, headers: { 'retry-after': 'Thu, 01 Jan 2026 00:02:00 GMT' } },
      { status: 500 },
      { status: 400 },
    );
    const outcomes = [];
    for (let i = 0; i < 6; i++) outcomes.push(await sendPush(browser.json, '{}', options));
    expect(outcomes).toEqual([
      { kind: 'gone' },
      { kind: 'gone' },
      { kind: 'retry', status: 429, retryAfterMs: 30_000 },
      { kind: 'retry', status: 503, retryAfterMs: 120_000 },
      { kind: 'retry', status: 500, retryAfterMs: null },
      { kind: 'failed', reason: 'push service answered 400' },
    ]);
    expect(await sendPush({ ...browser.json, endpoint: 'http://10.9.9.9/push/x' }, '{}', options)).toEqual({
      kind: 'failed',
      reason: 'endpoint must be on a public address',
    });
    expect(await sendPush(browser.json, '{}', { ...options, policy: { production: true } })).toEqual({
      kind: 'failed',
      reason: 'endpoint must be an https address',
    });
  });
});
