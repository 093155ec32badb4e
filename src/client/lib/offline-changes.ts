import type { QueryClient } from '@tanstack/react-query';
import { api, findCall, type Method } from '#shared/api/contract';
import type { Goal } from '#shared/api/goals';
import type { Habit } from '#shared/api/habits';
import type { Task } from '#shared/api/tasks';
import type { Today, TodayTask } from '#shared/api/today';
import { nextSortOrder } from '#shared/domain/ordering';

/*
 * How changes kept while Stride cannot be reached look on this device meanwhile
 * (docs/product.md#connectivity, docs/decisions/018-installable-app.md). Which changes may wait, and
 * what a refused one is called, the API's contract says (`offline`, src/shared/api/contract.ts); the
 * fetch wrapper keeps them (lib/api-client.ts) and the outbox sends them (lib/outbox.ts).
 */

export type QueuedChange = {
  method: Method;
  path: string;
  body: unknown;
  /** Named in the toast when a replay is refused. */
  label: string;
};

type ItemChanges = {
  completedToday?: boolean;
  isToday?: boolean;
  todaySortOrder?: number;
  plannedFor?: string | null;
};

function changed<T extends Habit | Task>(item: T, changes: ItemChanges): T {
  const next = { ...item };
  if (changes.completedToday !== undefined && changes.completedToday !== item.completedToday) {
    next.completedToday = changes.completedToday;
    next.completionCount = Math.max(0, item.completionCount + (changes.completedToday ? 1 : -1));
  }
  if (changes.isToday !== undefined) next.isToday = changes.isToday;
  if (changes.todaySortOrder !== undefined) next.todaySortOrder = changes.todaySortOrder;
  // Upcoming moved the task between its days itself (features/upcoming/api/move-task.ts); the lists
  // and Today show its new day, and Today's membership follows when the server has it.
  if (changes.plannedFor !== undefined && 'plannedFor' in next) next.plannedFor = changes.plannedFor;
  return next;
}

/** A task as Today lists it: with its goal's name and colour, from whichever goal list is cached. */
function withGoal(queryClient: QueryClient, task: Task): TodayTask {
  if (task.goalId === null) return { ...task, goal: null };
  for (const [, goals] of queryClient.getQueriesData<Goal[]>({ queryKey: ['api', 'goals'] })) {
    const goal = goals?.find((candidate) => candidate.id === task.goalId);
    if (goal) {
      const { id, title, color, isHabitGoal } = goal;
      return { ...task, goal: { id, title, color, isHabitGoal } };
    }
  }
  return { ...task, goal: null };
}

/**
 * Shows a kept change on this device's lists, as the server will once it is sent. Reorders need
 * nothing here: their own hooks already wrote the new order into the lists.
 */
export function applyQueuedChange(queryClient: QueryClient, change: QueuedChange): void {
  const found = findCall(change.method, change.path);
  if (found?.call === api.tasks.create || found?.call === api.habits.create) {
    showCreated(queryClient, found.call === api.tasks.create ? 'tasks' : 'habits', change.body as NewItem);
    return;
  }
  if (found?.call !== api.tasks.update && found?.call !== api.habits.update) return;
  const collection = found.call === api.tasks.update ? 'tasks' : 'habits';
  const id = found.params.id;
  const changes = change.body as ItemChanges;
  const listKey = ['api', collection];
  const list = queryClient.getQueryData<Array<Habit | Task>>(listKey);
  if (list)
    queryClient.setQueryData(
      listKey,
      list.map((item) => (item.id === id ? changed(item, changes) : item)),
    );

  const today = queryClient.getQueryData<Today>(['api', 'today']);
  if (!today) return;
  const kind = collection === 'habits' ? 'habits' : 'tasks';
  const onToday = (today[kind] as Array<Habit | TodayTask>).find((item) => item.id === id);
  let items = (today[kind] as Array<Habit | TodayTask>).map((item) =>
    item.id === id ? changed(item, changes) : item,
  );
  if (changes.isToday === false) items = items.filter((item) => item.id !== id);
  if (changes.isToday === true && !onToday) {
    const fromList = list?.find((item) => item.id === id);
    const end = nextSortOrder([...today.tasks, ...today.habits].map((item) => item.todaySortOrder));
    if (fromList) {
      const joined = changed(fromList, { ...changes, todaySortOrder: changes.todaySortOrder ?? end });
      items = [...items, kind === 'tasks' ? withGoal(queryClient, joined as Task) : (joined as Habit)];
    }
  }
  queryClient.setQueryData<Today>(['api', 'today'], { ...today, [kind]: items });
}

type NewItem = {
  id: string;
  title: string;
  goalId?: string | null;
  plannedFor?: string | null;
  repeat?: string | null;
  remindAt?: string | null;
  timesPerWeek?: number | null;
  completed?: boolean;
  isToday?: boolean;
  sortOrder?: number;
  todaySortOrder?: number;
};

/** A task or habit made offline, as the server will answer it: at the end of its list and of Today. */
function showCreated(queryClient: QueryClient, collection: 'tasks' | 'habits', input: NewItem): void {
  const listKey = ['api', collection];
  const list = queryClient.getQueryData<Array<Habit | Task>>(listKey) ?? [];
  const today = queryClient.getQueryData<Today>(['api', 'today']);
  const goalId = input.goalId ?? null;
  const sameList = collection === 'tasks' ? (list as Task[]).filter((task) => task.goalId === goalId) : list;
  const isToday = input.isToday ?? false;
  const todayOrders = today ? [...today.tasks, ...today.habits].map((item) => item.todaySortOrder) : [];
  const base = {
    id: input.id,
    title: input.title,
    isToday,
    remindAt: input.remindAt ?? null,
    completedToday: false,
    completionCount: 0,
    sortOrder: input.sortOrder ?? nextSortOrder(sameList.map((item) => item.sortOrder)),
    todaySortOrder: input.todaySortOrder ?? (isToday ? nextSortOrder(todayOrders) : 0),
    createdAt: new Date().toISOString(),
  };
  const item: Habit | Task =
    collection === 'tasks'
      ? {
          ...base,
          goalId,
          plannedFor: input.plannedFor ?? null,
          repeat: input.repeat ?? null,
          completed: input.completed ?? false,
        }
      : { ...base, repeat: input.repeat ?? null, timesPerWeek: input.timesPerWeek ?? null };
  if (list.some((existing) => existing.id === item.id)) return;
  queryClient.setQueryData(listKey, [...list, item]);
  if (!today || !isToday) return;
  queryClient.setQueryData<Today>(
    ['api', 'today'],
    collection === 'tasks'
      ? { ...today, tasks: [...today.tasks, withGoal(queryClient, item as Task)] }
      : { ...today, habits: [...today.habits, item as Habit] },
  );
}
