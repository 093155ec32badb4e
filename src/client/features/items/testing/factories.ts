import type { Goal } from '#shared/api/goals';
import type { Habit } from '#shared/api/habits';
import type { Task } from '#shared/api/tasks';

let sequence = 0;
/** Valid v4-shaped uuids, so responses pass the shared schemas. */
export function fakeId(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${sequence.toString(16).padStart(12, '0')}`;
}

const CREATED_AT = '2026-11-20T08:00:00.000Z';

export function makeGoal(overrides: Partial<Goal> = {}): Goal {
  return {
    id: fakeId(),
    title: 'Fitness',
    description: null,
    color: 'emerald',
    isHabitGoal: false,
    archived: false,
    sortOrder: 0,
    createdAt: CREATED_AT,
    ...overrides,
  };
}

export function makeTask(overrides: Partial<Task> = {}): Task {
  return {
    labels: [],
    id: fakeId(),
    title: 'Run 5k',
    description: null,
    goalId: null,
    plannedFor: null,
    repeat: null,
    remindAt: null,
    priority: 0,
    checklist: [],
    completed: false,
    completedToday: false,
    completionCount: 0,
    isToday: false,
    todaySortOrder: 0,
    sortOrder: 0,
    createdAt: CREATED_AT,
    ...overrides,
  };
}

export function makeHabit(overrides: Partial<Habit> = {}): Habit {
  return {
    id: fakeId(),
    title: 'Meditate',
    description: null,
    repeat: null,
    remindAt: null,
    timesPerWeek: null,
    isToday: false,
    completedToday: false,
    completionCount: 0,
    todaySortOrder: 0,
    sortOrder: 0,
    createdAt: CREATED_AT,
    ...overrides,
  };
}
