import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { AUTH_STATE_COOKIE } from '../../src/server/modules/auth/auth.routes';
import {
  createSession,
  MAX_SESSIONS_PER_USER,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
} from '../../src/server/modules/auth/sessions.service';
import { MAX_STREAMS_PER_PERSON } from '../../src/server/modules/live/live-hub';
import { goalInput, habitInput, taskInput, uniqueEmail } from '../factories';
import { ApiClient } from './helpers/api';
import { loginAs } from './helpers/login';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from './helpers/test-app';

/*
 * Live updates (docs/decisions/017-live-sync.md), over real HTTP on both engines: a change reaches
 * the person's own streams and nobody else's, through the database's LISTEN/NOTIFY, also from a second
 * instance on the same database; a reconnect gets what it missed or is told to resync; streams end at
 * sign-out, revocation, deletion and shutdown, and when their session ends without a call naming it
 * (the cap at a sign-in, its lifetime), on the instance that holds them; a person holds a bounded number.
 */
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

type Event = { id?: string; event: string; data: string };

/** One open GET /api/events, its events parsed as they arrive. */
type Stream = {
  status: number;
  events: Event[];
  comments: string[];
  ended: Promise<void>;
  isEnded(): boolean;
  next(match: (event: Event) => boolean, timeoutMs?: number): Promise<Event>;
  close(): void;
};

function openStream(url: string, headers: Record<string, string>): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}/api/events`, { headers }, (response) => {
      const events: Event[] = [];
      const comments: string[] = [];
      const waiters: Array<() => void> = [];
      let buffer = '';
      let ended = false;
      const ended$ = new Promise<void>((done) => {
        response.on('close', () => {
          ended = true;
          done();
          for (const wake of waiters) wake();
        });
      });
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event: Event = { event: 'message', data: '' };
          let hasField = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) event.id = line.slice(4);
            else if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              event.data = line.slice(6);
              hasField = true;
            }
          }
          if (hasField) events.push(event);
        }
        for (const wake of waiters.splice(0)) wake();
      });
      resolve({
        status: response.statusCode ?? 0,
        events,
        comments,
        ended: ended$,
        isEnded: () => ended,
        async next(match, timeoutMs = 2_000) {
          const deadline = Date.now() + timeoutMs;
          for (;;) {
            const found = events.find(match);
            if (found) return found;
            if (ended) throw new Error(`stream ended; events: ${JSON.stringify(events)}`);
            const left = deadline - Date.now();
            if (left <= 0)
              throw new Error(`no matching event in ${timeoutMs} ms; events: ${JSON.stringify(events)}`);
            await new Promise<void>((wake) => {
              const timer = setTimeout(wake, left);
              waiters.push(() => {
                clearTimeout(timer);
                wake();
              });
            });
          }
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

async function person() {
  const signedIn = await loginAs(t.db, { email: uniqueEmail() });
  return { ...signedIn, client: new ApiClient(t.app, signedIn.headers) };
}

/**
 * Waits for a stream to end, failing after `boundMs`: a stream that outlives its session would
 * otherwise stay open for its hour, and the test would only say that it timed out.
 */
async function endsWithin(stream: Stream, boundMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<'open'>((resolve) => {
    timer = setTimeout(() => resolve('open'), boundMs);
  });
  const outcome = await Promise.race([stream.ended.then(() => 'ended' as const), bound]);
  clearTimeout(timer);
  expect(outcome, `stream still open after ${boundMs} ms`).toBe('ended');
}

/**
 * The whole sign-in of `email` through the development issuer, as a browser on the first instance does
 * it, carrying `previous` (a session cookie's headers) when the browser holds one; answers the new
 * session's headers.
 */
async function signInAs(email: string, previous?: Record<string, string>): Promise<Record<string, string>> {
  const host = new URL(t.env.PUBLIC_URL).host;
  const start = await t.app.inject({
    method: 'GET',
    url: `/api/auth/google?login_hint=${encodeURIComponent(email)}`,
    headers: { host },
  });
  expect(start.statusCode).toBe(302);
  const state = start.cookies.find((c: { name: string }) => c.name === AUTH_STATE_COOKIE)?.value ?? '';
  const atIssuer = await fetch(String(start.headers.location), { redirect: 'manual' });
  const back = new URL(atIssuer.headers.get('location') ?? '');
  const callback = await t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { host, ...(previous ? { cookie: `${previous.cookie}; ${AUTH_STATE_COOKIE}=${state}` } : {}) },
    ...(previous ? {} : { cookies: { [AUTH_STATE_COOKIE]: state } }),
  });
  expect(callback.headers.location).toBe('/');
  const token = callback.cookies.find((c: { name: string }) => c.name === SESSION_COOKIE)?.value;
  expect(token).toBeTruthy();
  return { cookie: `${SESSION_COOKIE}=${token}`, origin: TEST_PUBLIC_URL };
}

const changeNaming = (id: string) => (event: Event) => event.event === 'change' && event.data.includes(id);
/** A moment for messages that should not come: the channel delivers within milliseconds. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('GET /api/events', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/events' });
    expect(res.statusCode).toBe(401);
  });

  it('tells every stream of the person what changed, and never another person’s stream', async () => {
    const alice = await person();
    const bob = await person();
    const phone = await openStream(base, alice.headers);
    const laptop = await openStream(base, alice.headers);
    const bobs = await openStream(base, bob.headers);
    expect(phone.status).toBe(200);

    const habit = await alice.client.createHabit();
    for (const stream of [phone, laptop]) {
      const event = await stream.next(changeNaming(habit.id));
      expect(JSON.parse(event.data)).toEqual({ kinds: ['habits'], ids: [habit.id] });
      expect(event.id).toMatch(/^[0-9a-f]{8}-\d+$/);
    }

    const task = await alice.client.call('POST', '/api/tasks', taskInput(), { 'x-stride-tab': 'tab-1' });
    const taskId = (task.json() as { id: string }).id;
    expect(JSON.parse((await phone.next(changeNaming(taskId))).data)).toEqual({
      kinds: ['tasks'],
      ids: [taskId],
      tab: 'tab-1',
    });
    await alice.client.call(
      'PUT',
      `/api/habits/${habit.id}/completions/${new Date().toISOString().slice(0, 10)}`,
    );
    await alice.client.call('POST', '/api/today/reorder', { items: [] });
    // Tasks planned at once are named as one PATCH names its task.
    const rent = await alice.client.createTask(taskInput({ plannedFor: '2026-01-05' }));
    const plants = await alice.client.createTask(taskInput({ plannedFor: '2026-01-06' }));
    await alice.client.call('POST', '/api/tasks/plan', {
      moves: [
        { id: plants.id, plannedFor: null },
        { id: rent.id, plannedFor: null },
      ],
    });
    expect(
      JSON.parse(
        (await laptop.next((event) => changeNaming(plants.id)(event) && event.data.includes(rent.id))).data,
      ),
    ).toEqual({ kinds: ['tasks'], ids: [plants.id, rent.id] });
    // A checklist tick names its task, not the item.
    const step = crypto.randomUUID();
    const packing = await alice.client.createTask(
      taskInput({ checklist: [{ id: step, title: 'Passport' }] }),
    );
    const created = await phone.next(changeNaming(packing.id));
    await alice.client.call('PATCH', `/api/tasks/${packing.id}/checklist/${step}`, { done: true });
    const tickEvent = await phone.next((event) => changeNaming(packing.id)(event) && event !== created);
    expect(JSON.parse(tickEvent.data)).toEqual({ kinds: ['tasks'], ids: [packing.id] });
    // An edit of the labels alone is told as any edit of the task.
    await alice.client.call('PATCH', `/api/tasks/${packing.id}`, { labels: ['travel'] });
    const labelled = await phone.next(
      (event) => changeNaming(packing.id)(event) && event !== created && event !== tickEvent,
    );
    expect(JSON.parse(labelled.data)).toEqual({ kinds: ['tasks'], ids: [packing.id] });
    // Renaming or removing a label rewrites any of the tasks: told naming none.
    const fromTab = (tab: string) => (event: Event) => event.data.includes(`"tab":"${tab}"`);
    await alice.client.call('PATCH', '/api/labels/travel', { label: 'trips' }, { 'x-stride-tab': 'tab-2' });
    expect(JSON.parse((await phone.next(fromTab('tab-2'))).data)).toEqual({
      kinds: ['tasks'],
      ids: [],
      tab: 'tab-2',
    });
    await alice.client.call('DELETE', '/api/labels/trips', undefined, { 'x-stride-tab': 'tab-3' });
    expect(JSON.parse((await phone.next(fromTab('tab-3'))).data)).toEqual({
      kinds: ['tasks'],
      ids: [],
      tab: 'tab-3',
    });
    // A task created right under another moves those below it, in its list and on Today: told as a
    // reorder of both is, naming no ids.
    await alice.client.call('POST', '/api/tasks', { ...taskInput(), after: packing.id });
    const moved = await phone.next((event) => event.data.includes('"tasks","today"'));
    expect(JSON.parse(moved.data)).toEqual({ kinds: ['tasks', 'today'], ids: [] });

    // Bob's own change reaches him, and is all he ever sees.
    const bobsGoal = await bob.client.createGoal(goalInput());
    await bobs.next(changeNaming(bobsGoal.id));
    await settle();
    expect(bobs.events.map((event) => JSON.parse(event.data))).toEqual([
      { kinds: ['goals'], ids: [bobsGoal.id] },
    ]);
    expect(phone.events.some((event) => event.data.includes(bobsGoal.id))).toBe(false);

    // A refused write announces nothing.
    const before = phone.events.length;
    await alice.client.call('POST', '/api/habits', { title: '' });
    await settle();
    expect(phone.events).toHaveLength(before);
    for (const stream of [phone, laptop, bobs]) stream.close();
  });

  it('sends a reconnecting stream what it missed, or resync when it cannot know', async () => {
    const alice = await person();
    const bob = await person();
    const first = await openStream(base, alice.headers);
    const seen = await alice.client.createHabit();
    const last = await first.next(changeNaming(seen.id));
    first.close();
    await first.ended;

    const missed = [await alice.client.createHabit(), await alice.client.createHabit()];
    await bob.client.createHabit(habitInput());
    const again = await openStream(base, { ...alice.headers, 'last-event-id': last.id ?? '' });
    for (const habit of missed) await again.next(changeNaming(habit.id));
    await settle();
    expect(again.events.map((event) => JSON.parse(event.data).ids[0])).toEqual(
      missed.map((habit) => habit.id),
    );
    again.close();

    const stranger = await openStream(base, { ...alice.headers, 'last-event-id': 'deadbeef-12' });
    await stranger.next((event) => event.event === 'resync');
    stranger.close();
  });

  it('ends a stream when its session signs out or is revoked, and every stream when the account goes', async () => {
    const alice = await person();
    const other = await loginAs(t.db, { email: uniqueEmail() });
    const secondSession = await loginAs(t.db, { email: uniqueEmail() });
    // Two more sessions of Alice's: move them to her.
    await t.db.execute(
      sql`update sessions set user_id = ${alice.user.id} where user_id in (${other.user.id}, ${secondSession.user.id})`,
    );
    const a = await openStream(base, alice.headers);
    const b = await openStream(base, other.headers);
    const c = await openStream(base, secondSession.headers);

    await t.app.inject({ method: 'GET', url: '/api/auth/logout', headers: other.headers });
    await b.ended;
    expect(a.isEnded()).toBe(false);

    const sessions = (await alice.client.call('GET', '/api/auth/sessions')).json() as {
      sessions: Array<{ id: string; current: boolean }>;
    };
    const third = sessions.sessions.find((session) => !session.current);
    expect(third).toBeDefined();
    await alice.client.call('DELETE', `/api/auth/sessions/${third?.id}`);
    await c.ended;
    expect(a.isEnded()).toBe(false);

    await alice.client.call('DELETE', '/api/account');
    await a.ended;
  });

  it('leaves the streams open when a sign-out sent from another site only asks first', async () => {
    const alice = await person();
    const stream = await openStream(base, alice.headers);
    const asked = await t.app.inject({
      method: 'GET',
      url: '/api/auth/logout',
      headers: { cookie: alice.headers.cookie ?? '', 'sec-fetch-site': 'cross-site' },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-type']).toMatch(/^text\/html/);
    await settle();
    expect(stream.isEnded()).toBe(false);
    stream.close();
  });

  it(`keeps at most ${MAX_STREAMS_PER_PERSON} streams per person, closing the oldest`, async () => {
    const alice = await person();
    const streams: Stream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_PERSON; i += 1) streams.push(await openStream(base, alice.headers));
    const newest = await openStream(base, alice.headers);
    await streams[0]?.ended;
    expect(streams.slice(1).some((stream) => stream.isEnded())).toBe(false);
    const habit = await alice.client.createHabit();
    await newest.next(changeNaming(habit.id));
    for (const stream of [...streams, newest]) stream.close();
  });

  it('sends a heartbeat comment that proxies see as traffic', async () => {
    const alice = await person();
    const stream = await openStream(base, alice.headers);
    t.app.liveHub.heartbeat();
    await settle();
    expect(stream.comments).toContain('ping');
    stream.close();
  });
});

// Only PostgreSQL serves several instances: the embedded database belongs to one process, which
// delivers its changes in memory (modules/live/live-channel.ts).
const onPostgres = inject('testDatabase').kind === 'postgres';

describe('a second instance on the same database', () => {
  let second: FastifyInstance;
  let secondBase: string;
  let channel: ReturnType<TestApp['openLiveChannel']>;

  beforeAll(async () => {
    channel = t.openLiveChannel();
    second = await buildApp({
      db: t.db,
      env: t.env,
      live: channel,
      logger: false,
      clientRoot: '/nonexistent/stride-client',
      oidc: {
        issuer: t.issuer.issuer,
        clientId: 'x',
        clientSecret: 'y',
        redirectUri: `${t.env.PUBLIC_URL}/cb`,
      },
    });
    await second.listen({ port: 0, host: '127.0.0.1' });
    secondBase = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    // The last test shuts it down itself.
    if (second.server.listening) await second.close();
    await channel.close();
  });

  it.runIf(onPostgres)(
    'carries a change made through one instance to the streams held by the other, and only the owner’s',
    async () => {
      const alice = await person();
      const bob = await person();
      const onSecond = await openStream(secondBase, alice.headers);
      const bobsOnSecond = await openStream(secondBase, bob.headers);
      const habit = await alice.client.createHabit();
      await onSecond.next(changeNaming(habit.id));
      const sessions = (await alice.client.call('GET', '/api/auth/sessions')).json() as {
        sessions: Array<{ id: string }>;
      };
      expect(sessions.sessions).toHaveLength(1);
      // Signing out through the first instance ends the stream held by the second.
      await t.app.inject({ method: 'GET', url: '/api/auth/logout', headers: alice.headers });
      await onSecond.ended;
      await settle();
      expect(bobsOnSecond.events).toHaveLength(0);
      expect(bobsOnSecond.isEnded()).toBe(false);
      bobsOnSecond.close();
    },
  );

  it.runIf(onPostgres)(
    'sends a burst of announcements together, every one, in order, split below the NOTIFY limit',
    async () => {
      const heard: string[] = [];
      const listening = t.openLiveChannel();
      await listening.subscribe({
        onMessage: (message) => {
          if (message.type === 'change' && message.userId === 'burst') heard.push(message.ids[0] ?? '');
        },
        onGap: () => undefined,
      });
      const sending = t.openLiveChannel();
      // 400 changes of about 2 kB each: far more than one 8,000-byte payload holds.
      const ids = Array.from({ length: 400 }, (_, i) => `${i}-${'x'.repeat(2_000)}`);
      for (const id of ids)
        await sending.publish({ type: 'change', userId: 'burst', kinds: ['tasks'], ids: [id] });
      await sending.close();
      const deadline = Date.now() + 5_000;
      while (heard.length < ids.length && Date.now() < deadline)
        await new Promise((wake) => setTimeout(wake, 20));
      await listening.close();
      expect(heard).toEqual(ids);
    },
  );

  // On PostgreSQL the streams are held by the second instance while sessions end through the first;
  // the embedded database has one instance.
  const streamBase = () => (onPostgres ? secondBase : base);

  it('ends the streams of a session the cap of 20 ends at a sign-in, and only those', async () => {
    const email = uniqueEmail();
    const oldest = await signInAs(email);
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: oldest })).json() as {
      id: string;
    };
    // 19 more devices, each used after the first.
    const others: string[] = [];
    for (let i = 1; i < MAX_SESSIONS_PER_USER; i += 1) {
      others.push((await createSession(t.db, me.id, new Date(Date.now() + i * 1_000))).token);
    }
    const doomed = await openStream(streamBase(), oldest);
    const kept = await openStream(streamBase(), { cookie: `${SESSION_COOKIE}=${others[0]}` });
    expect([doomed.status, kept.status]).toEqual([200, 200]);

    await signInAs(email);
    await endsWithin(doomed, 5_000);
    await settle();
    expect(kept.isEnded()).toBe(false);
    // The instance that signed in forgot the ended session at once, though it had it cached.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: oldest })).statusCode).toBe(
      401,
    );
    kept.close();
  });

  it('ends the streams of the session a browser held when it signs in again', async () => {
    const email = uniqueEmail();
    const before = await signInAs(email);
    const stream = await openStream(streamBase(), before);
    expect(stream.status).toBe(200);
    await signInAs(email, before);
    await endsWithin(stream, 5_000);
  });

  it('ends a stream when its session’s lifetime runs out while it is open', async () => {
    const alice = await loginAs(t.db, { email: uniqueEmail() });
    // Signed in 90 days ago less 3 seconds and in use since: the lifetime ends in 3 seconds.
    const createdAt = new Date(Date.now() - SESSION_ABSOLUTE_MS + 3_000);
    const end = new Date(createdAt.getTime() + SESSION_ABSOLUTE_MS);
    await t.db.execute(
      sql`update sessions set created_at = ${createdAt.toISOString()}, last_seen_at = now(),
          expires_at = ${end.toISOString()} where user_id = ${alice.user.id}`,
    );
    const stream = await openStream(streamBase(), alice.headers);
    expect(stream.status).toBe(200);
    await endsWithin(stream, 10_000);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/today', headers: alice.headers })).statusCode,
    ).toBe(401);
  });

  it('closes its streams when it shuts down, so that shutting down does not wait for them', async () => {
    const alice = await person();
    const held = await openStream(secondBase, alice.headers);
    expect(second.liveHub.size).toBeGreaterThan(0);
    await second.close();
    await held.ended;
  });
});
