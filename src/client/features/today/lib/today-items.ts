import type { Habit } from '#shared/api/habits';
import type { TodayReorderInput } from '#shared/api/reorder';
import type { Today, TodayTask } from '#shared/api/today';
import type { Day } from '#shared/domain/days';
import { type FilterKey, filterKeyFor } from '#shared/domain/filters';
import { type GoalColor, resolveGoalColor } from '#shared/domain/palette';
import { isOverdue } from '../../../lib/plan-overdue';

/** One row of the Today list: tasks and habits share one order (todaySortOrder). */
export type TodayItem =
  | { kind: 'task'; key: string; id: string; todaySortOrder: number; task: TodayTask }
  | { kind: 'habit'; key: string; id: string; todaySortOrder: number; habit: Habit };

export type TodayItemKind = TodayItem['kind'];

export function todayItemKey(kind: TodayItemKind, id: string): string {
  return `${kind}:${id}`;
}

/**
 * A normal task is done when completed; a task in a habit goal and a habit are done for today when
 * completedToday, which the server computes for the user's local day (docs/product.md#completion-and-days).
 */
export function isTodayItemCompleted(item: TodayItem): boolean {
  if (item.kind === 'habit') return item.habit.completedToday;
  return item.task.goal?.isHabitGoal ? item.task.completedToday : item.task.completed;
}

/** The open tasks among `items` planned for a day before `today`, in Today's order (docs/product.md#planning). */
export function overdueTodayTasks(items: readonly TodayItem[], today: Day): TodayTask[] {
  return items.flatMap((item) => (item.kind === 'task' && isOverdue(item.task, today) ? [item.task] : []));
}

export function todayItemTitle(item: TodayItem): string {
  return item.kind === 'task' ? item.task.title : item.habit.title;
}

export function todayItemFilterKey(item: TodayItem): FilterKey {
  return item.kind === 'habit'
    ? filterKeyFor({ kind: 'habit' })
    : filterKeyFor({ kind: 'task', goalId: item.task.goalId });
}

/**
 * Tasks and habits merged into one list ordered by todaySortOrder. Ties (two items given the same
 * position, e.g. by two devices) fall back to tasks first, then the server's order, so the list
 * never shuffles between renders.
 */
export function mergeTodayItems(today: Today): TodayItem[] {
  const items: TodayItem[] = [
    ...today.tasks.map(
      (task): TodayItem => ({
        kind: 'task',
        key: todayItemKey('task', task.id),
        id: task.id,
        todaySortOrder: task.todaySortOrder,
        task,
      }),
    ),
    ...today.habits.map(
      (habit): TodayItem => ({
        kind: 'habit',
        key: todayItemKey('habit', habit.id),
        id: habit.id,
        todaySortOrder: habit.todaySortOrder,
        habit,
      }),
    ),
  ];
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.todaySortOrder - b.item.todaySortOrder || a.index - b.index)
    .map(({ item }) => item);
}

/**
 * The reorder payload once the visible (filtered) items were put in `orderedVisibleKeys` order. The
 * visible items take the places visible items held before, so hidden items keep their exact places;
 * positions are then renumbered 0..n-1 over the whole list. Undefined when nothing moved.
 */
export function todayOrderAfter(
  items: readonly TodayItem[],
  orderedVisibleKeys: readonly string[],
): TodayReorderInput | undefined {
  const byKey = new Map(items.map((item) => [item.key, item]));
  const visible = new Set(orderedVisibleKeys);
  const queue = orderedVisibleKeys.map((key) => byKey.get(key)).filter((item) => item !== undefined);
  let next = 0;
  const ordered = items.map((item) => (visible.has(item.key) ? (queue[next++] ?? item) : item));
  if (ordered.every((item, index) => item === items[index])) return undefined;
  return {
    items: ordered.map((item, index) => ({ id: item.id, type: item.kind, todaySortOrder: index })),
  };
}

/** The cached Today answer with the new positions applied, each list re-sorted (optimistic update). */
export function applyTodayOrder(today: Today, order: TodayReorderInput['items']): Today {
  const positions = new Map(order.map((entry) => [todayItemKey(entry.type, entry.id), entry.todaySortOrder]));
  const position = (kind: TodayItemKind, id: string, current: number) =>
    positions.get(todayItemKey(kind, id)) ?? current;
  const byOrder = (a: { todaySortOrder: number }, b: { todaySortOrder: number }) =>
    a.todaySortOrder - b.todaySortOrder;
  return {
    tasks: today.tasks
      .map((task) => ({ ...task, todaySortOrder: position('task', task.id, task.todaySortOrder) }))
      .sort(byOrder),
    habits: today.habits
      .map((habit) => ({ ...habit, todaySortOrder: position('habit', habit.id, habit.todaySortOrder) }))
      .sort(byOrder),
  };
}

export type TodayFilterChip = {
  key: FilterKey;
  label: string;
  count: number;
  /** Palette colour of the chip's dot: purple for Habits, green for Todos (their section colours), the goal's own. */
  color: GoalColor;
};

/**
 * "Habits", "Todos", then one chip per goal that has tasks today (in the order the goals first
 * appear on the list), each with how many of today's items it covers (docs/product.md#today-screen).
 */
export function todayFilterChips(items: readonly TodayItem[]): TodayFilterChip[] {
  const habits: TodayFilterChip = {
    key: filterKeyFor({ kind: 'habit' }),
    label: 'Habits',
    count: 0,
    color: 'purple',
  };
  const todos: TodayFilterChip = {
    key: filterKeyFor({ kind: 'task', goalId: null }),
    label: 'Todos',
    count: 0,
    color: 'green',
  };
  const goals = new Map<string, TodayFilterChip>();
  for (const item of items) {
    if (item.kind === 'habit') habits.count++;
    else if (item.task.goalId === null) todos.count++;
    else {
      const key = todayItemFilterKey(item);
      const chip = goals.get(key) ?? {
        key,
        label: item.task.goal?.title ?? 'Goal',
        count: 0,
        color: resolveGoalColor(item.task.goal?.color),
      };
      chip.count++;
      goals.set(key, chip);
    }
  }
  return [habits, todos, ...goals.values()];
}
