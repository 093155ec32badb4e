import type { Goal } from '#shared/api/goals';
import type { Habit } from '#shared/api/habits';
import type { Task } from '#shared/api/tasks';
import { type FilterKey, goalFilterKey, HABITS_FILTER, TODOS_FILTER } from '#shared/domain/filters';

export type ItemSection =
  | { kind: 'habits'; key: FilterKey; items: Habit[] }
  | { kind: 'todos'; key: FilterKey; items: Task[] }
  | { kind: 'goal'; key: FilterKey; goal: Goal; items: Task[] };

type Sortable = { sortOrder: number; createdAt: string; id: string };

/**
 * ISO timestamps and ids compare as plain text, as the database orders them; localeCompare would give
 * the same order but start the browser's collation data on the first paint.
 */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Saved order first; ties (e.g. items made before any reorder) fall back to creation time, then id. */
export function bySavedOrder(a: Sortable, b: Sortable): number {
  return a.sortOrder - b.sortOrder || byText(a.createdAt, b.createdAt) || byText(a.id, b.id);
}

/**
 * The All Items sections in order (docs/product.md#all-items-screen): Habits, habit-goal sections, Todos,
 * then the ordinary goals (archived ones last). Tasks of goals that are not in `goals` (archived and hidden)
 * belong to no section.
 */
export function buildSections(
  goals: readonly Goal[],
  tasks: readonly Task[],
  habits: readonly Habit[],
): ItemSection[] {
  const tasksByGoal = new Map<string | null, Task[]>();
  for (const task of tasks) {
    const list = tasksByGoal.get(task.goalId) ?? [];
    list.push(task);
    tasksByGoal.set(task.goalId, list);
  }
  const goalSection = (goal: Goal): ItemSection => ({
    kind: 'goal',
    key: goalFilterKey(goal.id),
    goal,
    items: (tasksByGoal.get(goal.id) ?? []).sort(bySavedOrder),
  });
  const sortedGoals = goals.slice().sort(bySavedOrder);
  const habitGoals = sortedGoals.filter((goal) => goal.isHabitGoal);
  const ordinaryGoals = sortedGoals
    .filter((goal) => !goal.isHabitGoal)
    .sort((a, b) => Number(a.archived) - Number(b.archived));
  return [
    { kind: 'habits', key: HABITS_FILTER, items: habits.slice().sort(bySavedOrder) },
    ...habitGoals.map(goalSection),
    { kind: 'todos', key: TODOS_FILTER, items: (tasksByGoal.get(null) ?? []).sort(bySavedOrder) },
    ...ordinaryGoals.map(goalSection),
  ];
}

export function countItems(sections: readonly ItemSection[]): number {
  return sections.reduce((sum, section) => sum + section.items.length, 0);
}
