import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalendarFeedSchema } from '#shared/api/calendar';
import { LabelListSchema } from '#shared/api/labels';
import { type Task, TaskListSchema } from '#shared/api/tasks';
import { TodaySchema } from '#shared/api/today';
import { LABEL_EMPTY_MESSAGE, LABEL_LENGTH_MESSAGE, LABEL_WORD_MESSAGE } from '#shared/domain/labels';
import { executeRows } from '../../src/server/db/client';
import { uniqueEmail } from '../factories';
import { ApiClient, messageOf } from './helpers/api';
import { loginAs } from './helpers/login';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from './helpers/test-app';

/*
 * Managing the person's labels (docs/product.md#labels, docs/decisions/051-labels.md): GET /api/labels
 * lists them with their task counts; PATCH /api/labels/:label renames one on every task carrying it and
 * DELETE takes it off them, each in one transaction, owner-scoped, the label in the path in any case and
 * URL-encoded. The live announcement is checked in live-events.test.ts.
 */

const now = new Date('2026-11-23T15:00:00Z'); // Monday 23 November in UTC
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

async function signedIn() {
  const { user, headers } = await loginAs(t.db, { email: uniqueEmail(), timeZone: 'UTC', now });
  return { userId: user.id, client: new ApiClient(t.app, headers) };
}

const labelsOf = (client: ApiClient) => client.expect(200, LabelListSchema, 'GET', '/api/labels');

/** Each task's labels by title, as GET /api/tasks answers them. */
async function tasksLabels(client: ApiClient): Promise<Record<string, string[]>> {
  const tasks = await client.expect(200, TaskListSchema, 'GET', '/api/tasks');
  return Object.fromEntries(tasks.map((task) => [task.title, task.labels]));
}

/** Each task's `updated_at`, by id, read from the database. */
async function updatedAt(userId: string): Promise<Map<string, string>> {
  const rows = await executeRows<{ id: string; at: string }>(
    t.db,
    sql`select id, updated_at::text as at from tasks where user_id = ${userId}`,
  );
  return new Map(rows.map((row) => [row.id, row.at]));
}

const path = (label: string) => `/api/labels/${encodeURIComponent(label)}`;

describe('GET /api/labels', () => {
  it('lists each label once in any case, as most tasks spell it, with its count, by name, done tasks too', async () => {
    const { client } = await signedIn();
    expect(await labelsOf(client)).toEqual([]);
    await client.createTask({ title: 'Bank', labels: ['Calls', 'errands'] });
    await client.createTask({ title: 'Mum', labels: ['calls'] });
    await client.createTask({ title: 'Shop', labels: ['Errands', 'zoo'], completed: true });
    await client.createTask({ title: 'Post', labels: ['errands', 'Ärger'] });
    await client.createTask({ title: 'Plain' });
    expect(await labelsOf(client)).toEqual([
      // "Ärger" among the a's; a tie goes to the oldest task's spelling.
      { label: 'Ärger', tasks: 1 },
      { label: 'Calls', tasks: 2 },
      { label: 'errands', tasks: 3 },
      { label: 'zoo', tasks: 1 },
    ]);
  });

  it('lists only the person’s own labels', async () => {
    const mine = await signedIn();
    const theirs = await signedIn();
    await theirs.client.createTask({ title: 'Secret', labels: ['private'] });
    await mine.client.createTask({ title: 'Open', labels: ['public'] });
    expect(await labelsOf(mine.client)).toEqual([{ label: 'public', tasks: 1 }]);
  });
});

describe('PATCH /api/labels/:label', () => {
  it('renames the label in its place on every task carrying it in any case, and answers the list', async () => {
    const { client } = await signedIn();
    await client.createTask({ title: 'Bank', labels: ['calls', 'errands', 'home'] });
    await client.createTask({ title: 'Shop', labels: ['Errands'], completed: true });
    await client.createTask({ title: 'Mum', labels: ['calls'] });
    const list = await client.expect(200, LabelListSchema, 'PATCH', path('ERRANDS'), { label: '@town' });
    expect(list).toEqual([
      { label: 'calls', tasks: 2 },
      { label: 'home', tasks: 1 },
      { label: 'town', tasks: 2 },
    ]);
    expect(await labelsOf(client)).toEqual(list);
    expect(await tasksLabels(client)).toEqual({
      Bank: ['calls', 'town', 'home'],
      Shop: ['town'],
      Mum: ['calls'],
    });
  });

  it('respells the label everywhere when renamed to itself in another case', async () => {
    const { client } = await signedIn();
    await client.createTask({ title: 'Bank', labels: ['errands'] });
    await client.createTask({ title: 'Shop', labels: ['home', 'ERRANDS'] });
    const list = await client.expect(200, LabelListSchema, 'PATCH', path('errands'), { label: 'Errands' });
    expect(list).toEqual([
      { label: 'Errands', tasks: 2 },
      { label: 'home', tasks: 1 },
    ]);
    expect(await tasksLabels(client)).toEqual({ Bank: ['Errands'], Shop: ['home', 'Errands'] });
  });

  it('merges into a label a task already has, once, where it came first, spelled as typed', async () => {
    const { client } = await signedIn();
    await client.createTask({ title: 'Before', labels: ['shop', 'home', 'errands'] });
    await client.createTask({ title: 'After', labels: ['errands', 'home', 'Shop'] });
    await client.createTask({ title: 'Only', labels: ['errands'] });
    // Carries only the label joined: respelled, so one spelling is left.
    await client.createTask({ title: 'Joined', labels: ['SHOP'] });
    const list = await client.expect(200, LabelListSchema, 'PATCH', path('errands'), { label: 'shop' });
    expect(list).toEqual([
      { label: 'home', tasks: 2 },
      { label: 'shop', tasks: 4 },
    ]);
    expect(await tasksLabels(client)).toEqual({
      Before: ['shop', 'home'],
      After: ['shop', 'home'],
      Only: ['shop'],
      Joined: ['shop'],
    });
  });

  it('takes an Arabic name, and reads a URL-encoded path with or without "@"', async () => {
    const { client } = await signedIn();
    await client.createTask({ title: 'Bank', labels: ['errands'] });
    expect(await client.expect(200, LabelListSchema, 'PATCH', path('@errands'), { label: 'مشاوير' })).toEqual(
      [{ label: 'مشاوير', tasks: 1 }],
    );
    // "@" as it is in the path, the Arabic label percent-encoded: both read as the label.
    expect(path('مشاوير')).toMatch(/^\/api\/labels\/%D9%85/);
    expect(await client.expect(200, LabelListSchema, 'PATCH', path('مشاوير'), { label: 'town' })).toEqual([
      { label: 'town', tasks: 1 },
    ]);
    expect(
      await client.expect(200, LabelListSchema, 'PATCH', '/api/labels/@town', { label: 'café' }),
    ).toEqual([{ label: 'café', tasks: 1 }]);
    // The path in decomposed form ("e" and a combining accent) names the label as it is saved.
    expect(await client.expect(200, LabelListSchema, 'PATCH', path('CAFE\u0301'), { label: 'Café' })).toEqual(
      [{ label: 'Café', tasks: 1 }],
    );
    expect(await tasksLabels(client)).toEqual({ Bank: ['Café'] });
  });

  it('writes only the tasks whose labels change, and moves their updated_at', async () => {
    const { userId, client } = await signedIn();
    const renamed = await client.createTask({ title: 'Bank', labels: ['errands'] });
    const respelled = await client.createTask({ title: 'Shop', labels: ['Errands'] });
    const other = await client.createTask({ title: 'Mum', labels: ['calls'] });
    const before = await updatedAt(userId);
    await client.expect(200, LabelListSchema, 'PATCH', path('errands'), { label: 'Errands' });
    const after = await updatedAt(userId);
    expect(after.get(renamed.id)).not.toBe(before.get(renamed.id));
    // Already spelled so, and carrying no such label: neither is written.
    expect(after.get(respelled.id)).toBe(before.get(respelled.id));
    expect(after.get(other.id)).toBe(before.get(other.id));
    // Renamed onto itself, spelled the same everywhere: 200, nothing written.
    const same = await client.expect(200, LabelListSchema, 'PATCH', path('Errands'), { label: 'Errands' });
    expect(same).toEqual([
      { label: 'calls', tasks: 1 },
      { label: 'Errands', tasks: 2 },
    ]);
    expect(await updatedAt(userId)).toEqual(after);
  });

  it('answers 404 for a label no task of the person carries, another person’s included', async () => {
    const mine = await signedIn();
    const theirs = await signedIn();
    const secret = await theirs.client.createTask({ title: 'Secret', labels: ['private'] });
    await mine.client.createTask({ title: 'Open', labels: ['public'] });
    for (const res of [
      await mine.client.call('PATCH', path('private'), { label: 'stolen' }),
      await mine.client.call('PATCH', path('nothing'), { label: 'stolen' }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(messageOf(res)).toBe('Label not found');
    }
    const [kept] = await theirs.client.expect(200, TaskListSchema, 'GET', '/api/tasks');
    expect(kept).toMatchObject({ id: secret.id, labels: ['private'] });
    // Renaming my own label onto theirs touches only mine.
    await mine.client.expect(200, LabelListSchema, 'PATCH', path('public'), { label: 'private' });
    expect(await labelsOf(mine.client)).toEqual([{ label: 'private', tasks: 1 }]);
    expect(await labelsOf(theirs.client)).toEqual([{ label: 'private', tasks: 1 }]);
    expect(await tasksLabels(theirs.client)).toEqual({ Secret: ['private'] });
  });

  it.each([
    ['a space inside', 'two words', LABEL_WORD_MESSAGE],
    ['a digit first', '9am', LABEL_WORD_MESSAGE],
    ['31 characters', 'a'.repeat(31), LABEL_LENGTH_MESSAGE],
    ['"@" alone', '@', LABEL_EMPTY_MESSAGE],
    ['not text', 7, 'A label must be text'],
  ])('refuses a new name with %s, changing nothing', async (_what, bad, message) => {
    const { userId, client } = await signedIn();
    await client.createTask({ title: 'Bank', labels: ['errands'] });
    const before = await updatedAt(userId);
    const res = await client.call('PATCH', path('errands'), { label: bad });
    expect(res.statusCode, res.body).toBe(400);
    expect(messageOf(res)).toBe(message);
    expect(await tasksLabels(client)).toEqual({ Bank: ['errands'] });
    expect(await updatedAt(userId)).toEqual(before);
  });

  it.each([
    ['a space inside', 'two words', LABEL_WORD_MESSAGE],
    ['31 characters', 'a'.repeat(31), LABEL_LENGTH_MESSAGE],
    ['"@" alone', '@', LABEL_EMPTY_MESSAGE],
    ['nothing', '', LABEL_EMPTY_MESSAGE],
    ['a slash inside, encoded', 'a/b', LABEL_WORD_MESSAGE],
  ])('refuses a path label with %s, on rename and remove, changing nothing', async (_what, bad, message) => {
    const { client } = await signedIn();
    await client.createTask({ title: 'Bank', labels: ['errands'] });
    for (const res of [
      await client.call('PATCH', path(bad), { label: 'town' }),
      await client.call('DELETE', path(bad)),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(messageOf(res)).toBe(message);
    }
    expect(await tasksLabels(client)).toEqual({ Bank: ['errands'] });
  });

  it('refuses a body without a label', async () => {
    const { client } = await signedIn();
    await client.createTask({ title: 'Bank', labels: ['errands'] });
    const res = await client.call('PATCH', path('errands'), {});
    expect(res.statusCode, res.body).toBe(400);
    expect(await tasksLabels(client)).toEqual({ Bank: ['errands'] });
  });
});

describe('DELETE /api/labels/:label', () => {
  it('takes the label off every task carrying it in any case, and only those', async () => {
    const { userId, client } = await signedIn();
    const bank = await client.createTask({ title: 'Bank', labels: ['calls', 'Errands', 'home'] });
    await client.createTask({ title: 'Shop', labels: ['errands'], completed: true });
    const mum = await client.createTask({ title: 'Mum', labels: ['calls'] });
    const before = await updatedAt(userId);
    const res = await client.call('DELETE', path('@ERRANDS'));
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(await tasksLabels(client)).toEqual({ Bank: ['calls', 'home'], Shop: [], Mum: ['calls'] });
    expect(await labelsOf(client)).toEqual([
      { label: 'calls', tasks: 2 },
      { label: 'home', tasks: 1 },
    ]);
    const after = await updatedAt(userId);
    expect(after.get(bank.id)).not.toBe(before.get(bank.id));
    expect(after.get(mum.id)).toBe(before.get(mum.id));
  });

  it('answers 404 for a label no task of the person carries, and leaves another person’s tasks', async () => {
    const mine = await signedIn();
    const theirs = await signedIn();
    await theirs.client.createTask({ title: 'Secret', labels: ['private'] });
    const res = await mine.client.call('DELETE', path('private'));
    expect(res.statusCode, res.body).toBe(404);
    expect(messageOf(res)).toBe('Label not found');
    expect(await tasksLabels(theirs.client)).toEqual({ Secret: ['private'] });
    // Once gone, it is gone.
    await theirs.client.call('DELETE', path('private'));
    const again = await theirs.client.call('DELETE', path('private'));
    expect(again.statusCode, again.body).toBe(404);
  });
});

describe('what reads the tasks', () => {
  const todayLabels = async (client: ApiClient) =>
    (await client.expect(200, TodaySchema, 'GET', '/api/today')).tasks.map((task: Task) => task.labels);

  it('sees a rename and a removal at once: Today (kept between reads) and the task list', async () => {
    const { client } = await signedIn();
    await client.createTask({ title: 'Bank', isToday: true, labels: ['errands', 'calls'] });
    expect(await todayLabels(client)).toEqual([['errands', 'calls']]);
    // Read twice: the second answer is the one kept.
    expect(await todayLabels(client)).toEqual([['errands', 'calls']]);
    await client.expect(200, LabelListSchema, 'PATCH', path('errands'), { label: 'town' });
    expect(await todayLabels(client)).toEqual([['town', 'calls']]);
    expect(await tasksLabels(client)).toEqual({ Bank: ['town', 'calls'] });
    expect((await client.call('DELETE', path('calls'))).statusCode).toBe(204);
    expect(await todayLabels(client)).toEqual([['town']]);
    expect(await tasksLabels(client)).toEqual({ Bank: ['town'] });
  });

  it('moves the calendar feed’s ETag', async () => {
    const { client } = await signedIn();
    await client.createTask({ title: 'Post office', plannedFor: '2026-11-25', labels: ['errands'] });
    const { url } = await client.expect(201, CalendarFeedSchema, 'POST', '/api/calendar/feed');
    const feed = () => t.app.inject({ method: 'GET', url: url.slice(TEST_PUBLIC_URL.length) });
    const first = await feed();
    expect(first.statusCode, first.body).toBe(200);
    await client.expect(200, LabelListSchema, 'PATCH', path('errands'), { label: 'town' });
    const renamed = await feed();
    expect(renamed.headers.etag).not.toBe(first.headers.etag);
    expect(renamed.body).toContain('CATEGORIES:town');
    await client.call('DELETE', path('town'));
    const removed = await feed();
    expect(removed.headers.etag).not.toBe(renamed.headers.etag);
    expect(removed.body).not.toContain('CATEGORIES');
  });
});
