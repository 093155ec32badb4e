import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { TickChecklistItemInputSchema } from '#shared/api/checklist';
import { CreateGoalInputSchema, UpdateGoalInputSchema } from '#shared/api/goals';
import { CreateHabitInputSchema, UpdateHabitInputSchema } from '#shared/api/habits';
import { SortReorderInputSchema, TaskReorderInputSchema, TodayReorderInputSchema } from '#shared/api/reorder';
import { CreateTaskInputSchema, PlanTasksInputSchema, UpdateTaskInputSchema } from '#shared/api/tasks';
import { uniqueEmail } from '../factories';
import { ApiClient } from './helpers/api';
import { loginAs } from './helpers/login';
import { bodyArbitrary, brokenBodyArbitrary } from './helpers/schema-arbitrary';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Property-based fuzzing of every write route, with bodies generated from the shared schemas: valid
 * ones, near misses at their edges, broken ones, other people's ids, unknown ids, odd content types,
 * control characters and unpaired surrogates. Whatever arrives, the server never answers 5xx; a
 * refused request changes nothing of the person's data; an accepted one reads back as answered;
 * another person's data never changes; and Today as the server keeps it is Today built afresh. fast-check
 * prints the seed and the smallest failing call.
 */

type Route = {
  name: string;
  /** Which list an item it answers belongs to (ids are unique per list, not across them). */
  list?: 'goals' | 'tasks' | 'habits';
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: (id: string) => string;
  body?: z.ZodType;
};

const ROUTES: Route[] = [
  {
    name: 'create goal',
    list: 'goals',
    method: 'POST',
    path: () => '/api/goals',
    body: CreateGoalInputSchema,
  },
  {
    name: 'edit goal',
    list: 'goals',
    method: 'PATCH',
    path: (id) => `/api/goals/${id}`,
    body: UpdateGoalInputSchema,
  },
  { name: 'delete goal', method: 'DELETE', path: (id) => `/api/goals/${id}` },
  { name: 'clear goal', method: 'DELETE', path: (id) => `/api/goals/${id}/tasks/completed` },
  { name: 'reorder goals', method: 'POST', path: () => '/api/goals/reorder', body: SortReorderInputSchema },
  {
    name: 'create task',
    list: 'tasks',
    method: 'POST',
    path: () => '/api/tasks',
    body: CreateTaskInputSchema,
  },
  {
    name: 'edit task',
    list: 'tasks',
    method: 'PATCH',
    path: (id) => `/api/tasks/${id}`,
    body: UpdateTaskInputSchema,
  },
  { name: 'delete task', method: 'DELETE', path: (id) => `/api/tasks/${id}` },
  { name: 'clear todos', method: 'DELETE', path: () => '/api/tasks/completed' },
  { name: 'reorder tasks', method: 'POST', path: () => '/api/tasks/reorder', body: TaskReorderInputSchema },
  { name: 'plan tasks', method: 'POST', path: () => '/api/tasks/plan', body: PlanTasksInputSchema },
  {
    name: 'tick a checklist item',
    list: 'tasks',
    method: 'PATCH',
    path: (id) => `/api/tasks/${id}/checklist/${checklistItemOf(id)}`,
    body: TickChecklistItemInputSchema,
  },
  {
    name: 'create habit',
    list: 'habits',
    method: 'POST',
    path: () => '/api/habits',
    body: CreateHabitInputSchema,
  },
  {
    name: 'edit habit',
    list: 'habits',
    method: 'PATCH',
    path: (id) => `/api/habits/${id}`,
    body: UpdateHabitInputSchema,
  },
  { name: 'delete habit', method: 'DELETE', path: (id) => `/api/habits/${id}` },
  { name: 'reorder habits', method: 'POST', path: () => '/api/habits/reorder', body: SortReorderInputSchema },
  { name: 'reorder today', method: 'POST', path: () => '/api/today/reorder', body: TodayReorderInputSchema },
  { name: 'mark a habit day', method: 'PUT', path: (id) => `/api/habits/${id}/completions/${dayOf(id)}` },
  {
    name: 'unmark a habit day',
    method: 'DELETE',
    path: (id) => `/api/habits/${id}/completions/${dayOf(id)}`,
  },
  { name: 'mark a task day', method: 'PUT', path: (id) => `/api/tasks/${id}/completions/${dayOf(id)}` },
  { name: 'unmark a task day', method: 'DELETE', path: (id) => `/api/tasks/${id}/completions/${dayOf(id)}` },
  { name: 'end a session', method: 'DELETE', path: (id) => `/api/auth/sessions/${id}` },
];

/** The seeded tasks' checklist items (seedAccount): each person's tasks hold some of them. */
const CHECKLIST_ITEMS = Array.from({ length: 3 }, () => randomUUID());

/** One of the seeded checklist items or an unknown one (by the id's last character), for a tick. */
function checklistItemOf(id: string): string {
  return CHECKLIST_ITEMS[(id.charCodeAt(id.length - 1) || 0) % (CHECKLIST_ITEMS.length + 1)] ?? randomUUID();
}

/** Today or yesterday (by the id's first character), for the completion routes. */
function dayOf(id: string): string {
  const back = (id.charCodeAt(0) || 0) % 2;
  return new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
}

/** The fields an accepted write must read back exactly as sent (after the schema's own trimming). */
const ECHOED = [
  'title',
  'description',
  'color',
  'isHabitGoal',
  'archived',
  'completed',
  'isToday',
  'goalId',
  'sortOrder',
  'todaySortOrder',
  // An item given done reads done on the day it is saved, in a habit goal too.
  'checklist',
  // As the schema keeps them: without "@", each once.
  'labels',
];

let t: TestApp;
let alice: ApiClient;
let bob: ApiClient;
let knownIds: string[] = [];

async function snapshot(client: ApiClient) {
  const [goals, tasks, habits] = await Promise.all(
    ['/api/goals?showArchived=true', '/api/tasks', '/api/habits'].map(async (url) => {
      const res = await client.call('GET', url);
      expect(res.statusCode, url).toBe(200);
      return res.json() as Array<Record<string, unknown>>;
    }),
  );
  // Today as kept by the server (docs/decisions/013-api-cost.md) must be Today built afresh.
  const [today, fresh] = await Promise.all(
    [{} as Record<string, string>, { 'cache-control': 'no-cache' }].map(
      async (headers: Record<string, string>) => {
        const res = await client.call('GET', '/api/today', undefined, headers);
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as unknown;
      },
    ),
  );
  expect(today, 'the kept Today is stale').toEqual(fresh);
  return { goals: goals ?? [], tasks: tasks ?? [], habits: habits ?? [], today };
}

async function seedAccount(client: ApiClient): Promise<string[]> {
  const plain = await client.createGoal({ color: 'teal' });
  const daily = await client.createGoal({ isHabitGoal: true });
  const tasks = [
    await client.createTask({
      goalId: plain.id,
      isToday: true,
      checklist: CHECKLIST_ITEMS.map((id, n) => ({ id, title: `Step ${n}`, done: n === 0 })),
      labels: ['errands', 'calls'],
    }),
    await client.createTask({
      goalId: daily.id,
      checklist: CHECKLIST_ITEMS.slice(1).map((id) => ({ id, title: 'Daily step', done: true })),
    }),
    await client.createTask({ completed: true }),
    await client.createTask({ isToday: true }),
  ];
  const habits = [await client.createHabit({ isToday: true }), await client.createHabit()];
  return [plain.id, daily.id, ...tasks.map((task) => task.id), ...habits.map((habit) => habit.id)];
}

beforeAll(async () => {
  t = await createTestApp();
  alice = new ApiClient(t.app, (await loginAs(t.db, { email: uniqueEmail('alice') })).headers);
  bob = new ApiClient(t.app, (await loginAs(t.db, { email: uniqueEmail('bob') })).headers);
  knownIds = [...(await seedAccount(alice)), ...(await seedAccount(bob))];
});
afterAll(() => t.close());

const idArbitrary = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .constantFrom(...Array.from({ length: 16 }, (_, i) => i))
      .map((i) => knownIds[i % knownIds.length] ?? randomUUID()),
  },
  { weight: 2, arbitrary: fc.uuid({ version: 4 }) },
);
const pathIdArbitrary = fc.oneof(
  { weight: 8, arbitrary: idArbitrary },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((text) => encodeURIComponent(text)) },
);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
];

const routeNamed = (name: string) => ROUTES.find((route) => route.name === name) as Route;

// Routes are drawn by name, so a failure report prints a name instead of the whole zod schema.
const callArbitrary = fc.constantFrom(...ROUTES.map((route) => route.name)).chain((name) => {
  const route = routeNamed(name);
  return fc.record({
    route: fc.constant(name),
    pathId: pathIdArbitrary,
    body: route.body
      ? fc.oneof(
          { weight: 3, arbitrary: bodyArbitrary(route.body, idArbitrary) },
          { weight: 1, arbitrary: brokenBodyArbitrary(bodyArbitrary(route.body, idArbitrary)) },
        )
      : fc.constant(undefined),
    contentType: fc.oneof(
      { weight: 12, arbitrary: fc.constant(CONTENT_TYPES[0] as string) },
      { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    ),
    // An unpaired surrogate can only be sent as a raw JSON escape.
    loneSurrogate: fc.oneof(
      { weight: 15, arbitrary: fc.constant(false) },
      { weight: 1, arbitrary: fc.constant(true) },
    ),
  });
});

function payloadOf(body: unknown, loneSurrogate: boolean): string | undefined {
  if (body === undefined) return undefined;
  const text = JSON.stringify(body);
  return loneSurrogate ? text.replace(/"title":"/, '"title":"\\ud800') : text;
}

describe('every write route under generated input', () => {
  it('never answers 5xx; a refusal changes nothing; an acceptance reads back; nobody else is touched', async () => {
    const bobBefore = await snapshot(bob);
    await fc.assert(
      fc.asyncProperty(callArbitrary, async ({ route: name, pathId, body, contentType, loneSurrogate }) => {
        const route = routeNamed(name);
        const before = await snapshot(alice);
        const payload = payloadOf(body, loneSurrogate);
        const res = await t.app.inject({
          method: route.method,
          url: route.path(pathId),
          headers: { ...alice.headers, ...(payload === undefined ? {} : { 'content-type': contentType }) },
          ...(payload === undefined ? {} : { payload }),
        });
        const what = `${route.method} ${route.path(pathId)} ${payload ?? ''} -> ${res.statusCode} ${res.body}`;
        expect(res.statusCode, what).toBeLessThan(500);
        expect(res.headers['content-type'] ?? 'application/json', what).toContain('application/json');

        const after = await snapshot(alice);
        if (res.statusCode >= 400) {
          expect(after, `refused but changed: ${what}`).toEqual(before);
          return;
        }
        // Accepted: the schema must have accepted it too, and what it set reads back.
        const parsed = route.body?.safeParse(JSON.parse(payload ?? 'null'));
        expect(parsed === undefined || parsed.success, `accepted what the schema refuses: ${what}`).toBe(
          true,
        );
        if (!res.body || !parsed?.success) return;
        const answer = res.json() as Record<string, unknown>;
        const input = parsed.data as Record<string, unknown>;
        const replay = route.method === 'POST' && res.statusCode === 200;
        if (typeof answer.id === 'string' && !replay) {
          for (const key of ECHOED) {
            if (key in input && key in answer && !(key === 'sortOrder' && 'goalId' in input)) {
              expect(answer[key], `${key} of ${what}`).toEqual(input[key]);
            }
          }
        }
        if (typeof answer.id === 'string' && route.list) {
          const stored = after[route.list].find((item) => item.id === answer.id);
          expect(stored, `not stored: ${what}`).toEqual(answer);
        }
      }),
      { numRuns: 400 },
    );
    expect(await snapshot(bob)).toEqual(bobBefore);
    // 400 calls, each between two reads of the whole account: 33 s alone at a load average of 7, past
    // the project's 30 s while other suites share the two cores. A bound, not a retry.
  }, 120_000);
});
