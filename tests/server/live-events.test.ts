import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { MAX_STREAMS_PER_PERSON } from '../../src/server/modules/live/live-hub';
import { goalInput, habitInput, taskInput, uniqueEmail } from '../factories';
import { ApiClient } from './helpers/api';
import { loginAs } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Live updates (docs/decisions/017-live-sync.md), over real HTTP on both engines: a change reaches
 * the person's own streams and nobody else's, through the database's LISTEN/NOTIFY, also from a second
 * instance on the same database; a reconnect gets what it missed or is told to resync; streams end at
 * sign-out, revocation, deletion and shutdown; a person holds a bounded number.
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

  it('closes its streams when it shuts down, so that shutting down does not wait for them', async () => {
    const alice = await person();
    const held = await openStream(secondBase, alice.headers);
    expect(second.liveHub.size).toBeGreaterThan(0);
    await second.close();
    await held.ended;
  });
});
