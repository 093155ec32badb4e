import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Task, TaskListSchema, TaskSchema } from '#shared/api/tasks';
import { TodaySchema } from '#shared/api/today';
import { UpcomingSchema } from '#shared/api/upcoming';
import {
  LABEL_EMPTY_MESSAGE,
  LABEL_LENGTH_MESSAGE,
  LABEL_WORD_MESSAGE,
  LABELS_COUNT_MESSAGE,
  LABELS_MAX,
} from '#shared/domain/labels';
import { type ApiClient, messageOf } from './helpers/api';
import { personIn } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * A task's labels (docs/product.md#labels, docs/decisions/051-labels.md): given whole on create and
 * edit, with or without "@", each kept once in any case as first spelled; every answer with tasks
 * carries them; refused input is a 400 with the rule's message and changes nothing. The export, the CSV
 * file and the calendar feed are covered by account-data.test.ts and calendar-feed.test.ts.
 */

const now = new Date('2026-11-23T15:00:00Z'); // Monday 23 November in UTC
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

const signedIn = () => personIn(t, 'UTC', now);

async function listed(client: ApiClient, id: string): Promise<Task | undefined> {
  return (await client.expect(200, TaskListSchema, 'GET', '/api/tasks')).find((task) => task.id === id);
}

const words = (count: number) => Array.from({ length: count }, (_, n) => `label${n}`);

describe('a task’s labels', () => {
  it('are none unless given; given on create they are kept in order, without "@", in every answer', async () => {
    const client = await signedIn();
    expect((await client.createTask({ title: 'Plain' })).labels).toEqual([]);
    const task = await client.createTask({
      title: 'Call the bank',
      isToday: true,
      labels: ['@calls', ' errands ', 'Café', '@Calls', 'ERRANDS'],
    });
    // The same label in another case is kept once, as first spelled.
    const expected = ['calls', 'errands', 'Café'];
    expect(task.labels).toEqual(expected);
    expect((await listed(client, task.id))?.labels).toEqual(expected);
    const today = await client.expect(200, TodaySchema, 'GET', '/api/today');
    expect(today.tasks.find((item) => item.id === task.id)?.labels).toEqual(expected);

    const planned = await client.createTask({
      title: 'Dentist',
      plannedFor: '2026-11-24',
      labels: ['health'],
    });
    const upcoming = await client.expect(200, UpcomingSchema, 'GET', '/api/upcoming');
    const tuesday = upcoming.days.find((day) => day.day === '2026-11-24');
    expect(tuesday?.tasks.find((item) => item.id === planned.id)?.labels).toEqual(['health']);
  });

  it('saved whole replace the list; an edit without them keeps it; an empty list clears it', async () => {
    const client = await signedIn();
    const task = await client.createTask({ title: 'Groceries', labels: ['errands'] });
    const edited = await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, {
      labels: ['@home', 'errands', 'Home'],
    });
    expect(edited.labels).toEqual(['home', 'errands']);
    expect((await listed(client, task.id))?.labels).toEqual(['home', 'errands']);

    const renamed = await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, {
      title: 'Groceries and stamps',
      priority: 1,
    });
    expect(renamed.labels).toEqual(['home', 'errands']);
    expect((await listed(client, task.id))?.labels).toEqual(['home', 'errands']);

    const cleared = await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, { labels: [] });
    expect(cleared.labels).toEqual([]);
    expect((await listed(client, task.id))?.labels).toEqual([]);
  });

  it('take any letters, marks and digits after a letter, "-" and "_", up to the limits', async () => {
    const client = await signedIn();
    const longest = `a${'b'.repeat(29)}`;
    const task = await client.createTask({
      title: 'Edges',
      // "e" with a combining accent is saved composed, as one "é".
      labels: [longest, 'über-2_go', 'مرحبا', 'cafe\u0301', '東京'],
    });
    expect(task.labels).toEqual([longest, 'über-2_go', 'مرحبا', 'café', '東京']);
    // Eleven given with one twice in another case are ten labels.
    const full = await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, {
      labels: [...words(LABELS_MAX), 'LABEL0'],
    });
    expect(full.labels).toEqual(words(LABELS_MAX));
  });

  it.each([
    ['not a list', 'errands', 'labels', 'labels must be a list of words'],
    ['null', null, 'labels', 'labels must be a list of words'],
    ['a number in it', ['errands', 7], 'labels.1', 'A label must be text'],
    ['a space inside', ['two words'], 'labels.0', LABEL_WORD_MESSAGE],
    ['a comma inside', ['calls,errands'], 'labels.0', LABEL_WORD_MESSAGE],
    ['a digit first', ['9am'], 'labels.0', LABEL_WORD_MESSAGE],
    ['an "@" inside', ['me@home'], 'labels.0', LABEL_WORD_MESSAGE],
    ['31 characters', ['a'.repeat(31)], 'labels.0', LABEL_LENGTH_MESSAGE],
    ['11 different labels', words(LABELS_MAX + 1), 'labels', LABELS_COUNT_MESSAGE],
    ['a control character', ['bell\u0007'], 'labels.0', LABEL_WORD_MESSAGE],
    ['an empty string', ['calls', ''], 'labels.1', LABEL_EMPTY_MESSAGE],
    ['"@" alone', ['@'], 'labels.0', LABEL_EMPTY_MESSAGE],
    ['spaces alone', ['   '], 'labels.0', LABEL_EMPTY_MESSAGE],
  ])(
    'refuses %s naming where it is, on create and edit, and changes nothing',
    async (_what, bad, path, message) => {
      const client = await signedIn();
      const create = await client.call('POST', '/api/tasks', { title: 'Bad labels', labels: bad });
      expect(create.statusCode, create.body).toBe(400);
      expect(create.json().issues).toEqual([{ path, message }]);
      expect(messageOf(create)).toBe(message);
      expect(await client.expect(200, TaskListSchema, 'GET', '/api/tasks')).toEqual([]);

      const task = await client.createTask({ title: 'Good labels', labels: ['calls'] });
      const edit = await client.call('PATCH', `/api/tasks/${task.id}`, { labels: bad, title: 'Renamed' });
      expect(edit.statusCode, edit.body).toBe(400);
      expect(messageOf(edit)).toBe(message);
      const [unchanged] = await client.expect(200, TaskListSchema, 'GET', '/api/tasks');
      expect(unchanged).toMatchObject({ title: 'Good labels', labels: ['calls'] });
    },
  );

  it('are no field of a habit: one sent is dropped, as any unknown field', async () => {
    const client = await signedIn();
    const res = await client.call('POST', '/api/habits', { title: 'Walk', labels: ['outside'] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).not.toHaveProperty('labels');
  });

  it('are another person’s to change only as a 404', async () => {
    const owner = await signedIn();
    const task = await owner.createTask({ title: 'Mine', labels: ['private'] });
    const stranger = await signedIn();
    const res = await stranger.call('PATCH', `/api/tasks/${task.id}`, { labels: ['stolen'] });
    expect(res.statusCode, res.body).toBe(404);
    expect(messageOf(res)).toBe('Task not found');
    expect((await listed(owner, task.id))?.labels).toEqual(['private']);
    expect(await stranger.expect(200, TaskListSchema, 'GET', '/api/tasks')).toEqual([]);
  });
});
