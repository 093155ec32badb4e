import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyQueuedChange, type QueuedChange } from './offline-changes';

const HABIT_ID = '11111111-1111-4111-8111-111111111111';
const NEW_ID = '22222222-2222-4222-8222-222222222222';
const GOAL = { id: '33333333-3333-4333-8333-333333333333', title: 'Run', color: 'blue', isHabitGoal: false };

describe('applyQueuedChange', () => {
  it('shows a task made offline at the end of its list and of Today, with its goal', () => {
    const client = new QueryClient();
    client.setQueryData(['api', 'goals', { showArchived: false }], [{ ...GOAL, description: null }]);
    client.setQueryData(['api', 'tasks'], [{ id: 'a', goalId: GOAL.id, sortOrder: 4, todaySortOrder: 0 }]);
    client.setQueryData(['api', 'today'], { tasks: [], habits: [{ id: 'h', todaySortOrder: 7 }] });
    const change: QueuedChange = {
      method: 'POST',
      path: '/api/tasks',
      body: { id: NEW_ID, title: 'Intervals', goalId: GOAL.id, isToday: true },
      label: 'A new task',
    };
    applyQueuedChange(client, change);
    applyQueuedChange(client, change);
    const tasks = client.getQueryData<Array<{ id: string; sortOrder: number }>>(['api', 'tasks']);
    expect(tasks?.map((task) => [task.id, task.sortOrder])).toEqual([
      ['a', 4],
      [NEW_ID, 5],
    ]);
    const today = client.getQueryData<{ tasks: Array<Record<string, unknown>> }>(['api', 'today']);
    expect(today?.tasks).toEqual([
      expect.objectContaining({
        id: NEW_ID,
        title: 'Intervals',
        isToday: true,
        todaySortOrder: 8,
        goal: GOAL,
      }),
    ]);
  });

  it('shows a tick at once, with its count', () => {
    const client = new QueryClient();
    const habit = {
      id: HABIT_ID,
      completedToday: false,
      completionCount: 3,
      isToday: true,
      todaySortOrder: 0,
    };
    client.setQueryData(['api', 'habits'], [habit]);
    client.setQueryData(['api', 'today'], { tasks: [], habits: [habit] });
    const change: QueuedChange = {
      method: 'PATCH',
      path: `/api/habits/${HABIT_ID}`,
      body: { completedToday: true },
      label: 'A tick',
    };
    applyQueuedChange(client, change);
    expect(client.getQueryData(['api', 'habits'])).toEqual([
      { ...habit, completedToday: true, completionCount: 4 },
    ]);
    expect(client.getQueryData<{ habits: unknown[] }>(['api', 'today'])?.habits).toEqual([
      { ...habit, completedToday: true, completionCount: 4 },
    ]);
  });
});
