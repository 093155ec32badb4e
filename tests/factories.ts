import type { CreateGoalInput } from '#shared/api/goals';
import type { CreateHabitInput } from '#shared/api/habits';
import type { CreateTaskInput } from '#shared/api/tasks';

let counter = 0;
const next = () => {
  counter += 1;
  return counter;
};

/** Request bodies with readable defaults; pass only what the test is about. */
export function goalInput(overrides: Partial<CreateGoalInput> = {}): CreateGoalInput {
  return { title: `Goal ${next()}`, ...overrides };
}

export function taskInput(overrides: Partial<CreateTaskInput> = {}): CreateTaskInput {
  return { title: `Task ${next()}`, ...overrides };
}

export function habitInput(overrides: Partial<CreateHabitInput> = {}): CreateHabitInput {
  return { title: `Habit ${next()}`, ...overrides };
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${next()}.${Date.now().toString(36)}@example.com`;
}
