import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GoalListSchema, GoalSchema } from '#shared/api/goals';
import { HabitListSchema, HabitSchema } from '#shared/api/habits';
import { ItemHistorySchema } from '#shared/api/history';
import { TaskListSchema, TaskSchema } from '#shared/api/tasks';
import { TodaySchema } from '#shared/api/today';
import { UpcomingSchema } from '#shared/api/upcoming';
import { uniqueEmail } from '../factories';
import { ApiClient } from './helpers/api';
import { loginAs } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The database writes the API's answers itself (src/server/db/api-json.ts), so nothing between it and
 * the client checks their shape any more. This does, for every answer with items: each must match its
 * shared schema exactly, with no field missing, none extra and every type right (the JSON Schema zod
 * writes forbids additional properties).
 */

const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
const exactly = (schema: z.ZodType) =>
  ajv.compile(z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }));

let t: TestApp;
let client: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  client = new ApiClient(
    t.app,
    (await loginAs(t.db, { email: uniqueEmail(), timeZone: 'Europe/Paris' })).headers,
  );
  const daily = await client.createGoal({ isHabitGoal: true, color: 'violet', description: 'Every day' });
  const plain = await client.createGoal({ archived: true });
  // Checklists, ticked and not, in a habit goal and out of one: the one answer the database builds
  // from a list inside the row (db/api-json.ts).
  const step = (title: string, done: boolean) => ({ id: crypto.randomUUID(), title, done });
  const tick = await client.createTask({
    goalId: daily.id,
    isToday: true,
    checklist: [step('Water', true), step('Stretch', false)],
    // Labels, a text array in the row: written into the JSON as a list of strings (db/api-json.ts).
    labels: ['health', 'مرحبا'],
  });
  await client.call('PATCH', `/api/tasks/${tick.id}`, { completedToday: true });
  await client.createTask({ goalId: plain.id, isToday: true, completed: true });
  await client.createTask({ isToday: true, title: 'مرحبا "quoted" \\ back\tslash' });
  // Planned, overdue, repeating and done today: Today and Upcoming carry plannedFor and repeat.
  await client.createTask({
    plannedFor: '2026-01-05',
    goalId: daily.id,
    checklist: [step('Ticket', true)],
    labels: ['travel'],
  });
  const repeating = await client.createTask({ repeat: 'FREQ=WEEKLY;BYDAY=MO,TH' });
  await client.call('PATCH', `/api/tasks/${repeating.id}`, { completed: true });
  await client.createTask({ repeat: 'FREQ=DAILY' });
  const habit = await client.createHabit({ isToday: true });
  await client.call('PATCH', `/api/habits/${habit.id}`, { completedToday: true });
  await client.createHabit();
});
afterAll(() => t.close());

describe('answers match their shared schemas exactly', () => {
  it.each([
    ['GET /api/today', '/api/today', TodaySchema],
    ['GET /api/upcoming', '/api/upcoming', UpcomingSchema],
    ['GET /api/goals?showArchived=true', '/api/goals?showArchived=true', GoalListSchema],
    ['GET /api/goals', '/api/goals', GoalListSchema],
    ['GET /api/tasks', '/api/tasks', TaskListSchema],
    ['GET /api/tasks?goalId=none', '/api/tasks?goalId=none', TaskListSchema],
    ['GET /api/habits', '/api/habits', HabitListSchema],
  ] as const)('%s', async (_name, url, schema) => {
    const res = await client.call('GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const validate = exactly(schema);
    const body: unknown = res.json();
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    // Timestamps are written the way JavaScript writes them.
    for (const createdAt of JSON.stringify(body).matchAll(/"createdAt" ?: ?"([^"]+)"/g)) {
      expect(createdAt[1]).toBe(new Date(createdAt[1] ?? '').toISOString());
    }
  });

  it('single items from every write match too', async () => {
    const goal = await client.call('POST', '/api/goals', { title: 'Shape' });
    const edited = await client.call('PATCH', `/api/goals/${(goal.json() as { id: string }).id}`, {
      title: 'Shaped',
    });
    const task = await client.call('POST', '/api/tasks', {
      title: 'Shape',
      goalId: (goal.json() as { id: string }).id,
    });
    const moved = await client.call('PATCH', `/api/tasks/${(task.json() as { id: string }).id}`, {
      goalId: null,
      checklist: [{ id: '00000000-0000-4000-8000-00000000c1ec', title: 'Step' }],
      labels: ['@errands', 'Errands', 'calls'],
    });
    const checked = await client.call(
      'PATCH',
      `/api/tasks/${(task.json() as { id: string }).id}/checklist/00000000-0000-4000-8000-00000000c1ec`,
      { done: true },
    );
    // Many tasks planned at once answer them as the task list does.
    const overdue = await client.createTask({ plannedFor: '2026-01-05', repeat: 'FREQ=DAILY' });
    const planned = await client.call('POST', '/api/tasks/plan', {
      moves: [
        { id: (task.json() as { id: string }).id, plannedFor: '2026-01-05' },
        { id: overdue.id, plannedFor: null },
      ],
    });
    const habit = await client.call('POST', '/api/habits', { title: 'Shape' });
    const ticked = await client.call('PATCH', `/api/habits/${(habit.json() as { id: string }).id}`, {
      completedToday: true,
    });
    for (const [res, schema] of [
      [goal, GoalSchema],
      [edited, GoalSchema],
      [task, TaskSchema],
      [moved, TaskSchema],
      [checked, TaskSchema],
      [planned, TaskListSchema],
      [habit, HabitSchema],
      [ticked, HabitSchema],
    ] as const) {
      const validate = exactly(schema);
      expect(validate(res.json()), `${res.body} ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    expect((ticked.json() as { completedToday: boolean }).completedToday).toBe(true);
    expect((moved.json() as { labels: unknown }).labels).toEqual(['errands', 'calls']);
    expect((checked.json() as { checklist: unknown }).checklist).toEqual([
      { id: '00000000-0000-4000-8000-00000000c1ec', title: 'Step', done: true },
    ]);
  });
});

describe('history answers match their shared schemas exactly', () => {
  it('GET history and PUT / DELETE of a day, for habits and habit-goal tasks', async () => {
    const habit = (await client.createHabit()).id;
    const goal = await client.createGoal({ isHabitGoal: true });
    const task = (await client.createTask({ goalId: goal.id })).id;
    // The server's today, not one worked out here: the two could straddle midnight.
    const { today } = await client.expect(200, ItemHistorySchema, 'GET', `/api/habits/${habit}/history`);
    const calls = [
      ['PUT', `/api/habits/${habit}/completions/${today}`, HabitSchema],
      ['GET', `/api/habits/${habit}/history`, ItemHistorySchema],
      ['DELETE', `/api/habits/${habit}/completions/${today}`, HabitSchema],
      ['PUT', `/api/tasks/${task}/completions/${today}`, TaskSchema],
      ['GET', `/api/tasks/${task}/history`, ItemHistorySchema],
      ['DELETE', `/api/tasks/${task}/completions/${today}`, TaskSchema],
    ] as const;
    for (const [method, url, schema] of calls) {
      const res = await client.call(method, url);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(200);
      const validate = exactly(schema);
      expect(validate(res.json()), `${method} ${url} ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });
});
