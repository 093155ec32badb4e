import type { Habit } from '#shared/api/habits';
import type { Task, TaskGoalSummary } from '#shared/api/tasks';
import type { TodayTask } from '#shared/api/today';

/** Test-only builders for Today data; overrides win, ids are unique valid UUIDs. */
let counter = 0;
export function testUuid(): string {
  counter++;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

export function goalSummary(title: string, overrides: Partial<TaskGoalSummary> = {}): TaskGoalSummary {
  return { id: testUuid(), title, color: 'blue', isHabitGoal: false, ...overrides };
}

export function todayTask(
  title: string,
  todaySortOrder: number,
  overrides: Partial<TodayTask> = {},
): TodayTask {
  return {
    id: testUuid(),
    title,
    labels: [],
    description: null,
    goalId: overrides.goal ? overrides.goal.id : null,
    plannedFor: null,
    repeat: null,
    remindAt: null,
    priority: 0,
    checklist: [],
    completed: false,
    completedToday: false,
    completionCount: 0,
    isToday: true,
    todaySortOrder,
    sortOrder: 0,
    createdAt: '2026-11-22T08:00:00.000Z',
    goal: null,
    ...overrides,
  };
}

/** The task as its own calls answer it (PATCH /api/tasks/:id): without Today's goal summary. */
export function taskOf({ goal: _goal, ...task }: TodayTask): Task {
  return task;
}

export function todayHabit(title: string, todaySortOrder: number, overrides: Partial<Habit> = {}): Habit {
  return {
    id: testUuid(),
    title,
    description: null,
    repeat: null,
    remindAt: null,
    timesPerWeek: null,
    isToday: true,
    completedToday: false,
    completionCount: 0,
    todaySortOrder,
    sortOrder: 0,
    createdAt: '2026-11-22T08:00:00.000Z',
    ...overrides,
  };
}
