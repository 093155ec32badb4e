import { describe, expect, it } from 'vitest';
import { api, findCall, pathOf, queryKeyOf, queryKeyRootOf } from './contract';

const ID = '11111111-1111-4111-8111-111111111111';

describe('pathOf', () => {
  it.each([
    [pathOf(api.today.get), '/api/today'],
    [pathOf(api.tasks.update, { params: { id: ID } }), `/api/tasks/${ID}`],
    [
      pathOf(api.habits.markDayDone, { params: { id: ID, day: '2026-11-28' } }),
      `/api/habits/${ID}/completions/2026-11-28`,
    ],
    [pathOf(api.goals.list, { query: { showArchived: 'false' } }), '/api/goals?showArchived=false'],
    [
      pathOf(api.upcoming.get, { query: { from: '2026-11-28', to: '2026-12-11' } }),
      '/api/upcoming?from=2026-11-28&to=2026-12-11',
    ],
    [pathOf(api.upcoming.get, { query: { from: undefined } }), '/api/upcoming'],
    [pathOf(api.account.exportCsv, { params: { list: 'a/b' } }), '/api/account/export/csv/a%2Fb'],
  ])('%s', (path, expected) => {
    expect(path).toBe(expected);
  });

  it('refuses a path without its parameter', () => {
    expect(() => pathOf(api.tasks.update)).toThrow('PATCH /api/tasks/:id needs id');
  });
});

describe('query keys (docs/product.md#call-conventions)', () => {
  it('are the path parts, then the query', () => {
    expect(queryKeyOf(api.today.get)).toEqual(['api', 'today']);
    expect(queryKeyOf(api.goals.list, { query: { showArchived: 'true' } })).toEqual([
      'api',
      'goals',
      { showArchived: 'true' },
    ]);
    expect(queryKeyOf(api.tasks.history, { params: { id: ID } })).toEqual(['api', 'tasks', ID, 'history']);
  });

  it('share a root up to the first parameter, which a live change refetches', () => {
    expect(queryKeyRootOf(api.tasks.history)).toEqual(['api', 'tasks']);
    expect(queryKeyRootOf(api.auth.sessions)).toEqual(['api', 'auth', 'sessions']);
  });
});

describe('findCall', () => {
  it('finds the call of a request with its parameters, a fixed segment before a parameter', () => {
    expect(findCall('PATCH', `/api/tasks/${ID}`)).toEqual({ call: api.tasks.update, params: { id: ID } });
    expect(findCall('DELETE', '/api/tasks/completed')).toEqual({
      call: api.tasks.clearCompleted,
      params: {},
    });
    expect(findCall('DELETE', `/api/tasks/${ID}`)?.call).toBe(api.tasks.remove);
    expect(findCall('GET', '/api/goals?showArchived=true')?.call).toBe(api.goals.list);
    expect(findCall('DELETE', '/api/account')?.call).toBe(api.account.remove);
    expect(findCall('DELETE', `/api/habits/${ID}/completions/2026-11-28`)).toEqual({
      call: api.habits.markDayNotDone,
      params: { id: ID, day: '2026-11-28' },
    });
  });

  it('finds nothing for a path or method the contract does not have', () => {
    expect(findCall('GET', '/api/nothing')).toBeUndefined();
    expect(findCall('PUT', '/api/today')).toBeUndefined();
    expect(findCall('GET', '/api/todayx')).toBeUndefined();
  });
});

describe('which changes may wait offline (docs/product.md#connectivity)', () => {
  it('keeps ticks, Today moves, new days, reorders and creates that carry their id; nothing else', () => {
    expect(api.habits.update.offline({ completedToday: true })).toBe('A tick');
    expect(api.tasks.update.offline({ isToday: false })).toBe('A change to Today');
    // A task moved to another day (Upcoming, "Plan for…") waits too; a new repeat is an edit.
    expect(api.tasks.update.offline({ plannedFor: '2026-11-30' })).toBe('A new day for a task');
    expect(api.tasks.update.offline({ plannedFor: null, repeat: 'FREQ=DAILY' })).toBeUndefined();
    expect(api.today.reorder.offline()).toBe('A new order');
    expect(api.tasks.create.offline({ id: ID })).toBe('A new task');
    expect(api.habits.create.offline({ id: ID })).toBe('A new habit');
    // An edit, a create without its id, a new goal, a delete, a past day: they need the network.
    expect(api.tasks.update.offline({ title: 'Renamed' })).toBeUndefined();
    expect(api.tasks.update.offline({ isToday: true, title: 'x' })).toBeUndefined();
    expect(api.tasks.create.offline({})).toBeUndefined();
    for (const call of [api.goals.create, api.tasks.remove, api.habits.markDayDone]) {
      expect('offline' in call).toBe(false);
    }
  });
});
