import type { QueryClient } from '@tanstack/react-query';
import type { Goal } from '#shared/api/goals';
import type { Habit } from '#shared/api/habits';
import type { Task } from '#shared/api/tasks';
import type { Today, TodayTask } from '#shared/api/today';

/*
 * Which changes may wait for the network, and how they look on this device meanwhile
 * (docs/product.md#connectivity, docs/decisions/018-installable-app.md): a tick or untick, a move onto or
 * off Today, a task moved to another day, a new order, and a new task or habit. They are the quick, frequent changes of a day away
 * from signal; each one fully applies or is refused whole on replay, and sending one twice changes
 * nothing (a create carries the id the browser chose for it). Edits, deletes and new goals still need
 * the network and say so.
 */

export type QueuedChange = {
  method: 'PATCH' | 'POST';
  path: string;
  body: unknown;
  /** Named in the toast when a replay is refused. */
  label: string;
};

const ITEM_PATH = /^\/api\/(habits|tasks)\/([0-9a-f-]{36})$/;
const CREATE_PATHS = new Map([
  ['/api/tasks', 'A new task'],
  ['/api/habits', 'A new habit'],
]);
const REORDER_PATHS = new Set(['/api/today/reorder', '/api/tasks/reorder', '/api/habits/reorder']);
const QUEUEABLE_FIELDS = new Set(['completedToday', 'isToday', 'todaySortOrder', 'plannedFor']);

/** The change as it would be kept, or undefined when this write cannot wait. */
export function queueableChange(method: string, path: string, body: unknown): QueuedChange | undefined {
  if (method === 'POST' && REORDER_PATHS.has(path)) return { method, path, body, label: 'A new order' };
  const create = CREATE_PATHS.get(path);
  if (method === 'POST' && create !== undefined && hasClientId(body))
    return { method, path, body, label: create };
  if (method !== 'PATCH' || !ITEM_PATH.test(path) || typeof body !== 'object' || body === null)
    return undefined;
  const fields = Object.keys(body);
  if (fields.length === 0 || !fields.every((field) => QUEUEABLE_FIELDS.has(field))) return undefined;
  const label =
    'completedToday' in body ? 'A tick' : 'plannedFor' in body ? 'A new day for a task' : 'A change to Today';
  return { method, path, body, label };
}

function hasClientId(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'id' in body && typeof body.id === 'string';
}

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
  if (change.method === 'POST' && CREATE_PATHS.has(change.path)) {
    showCreated(queryClient, change.path === '/api/tasks' ? 'tasks' : 'habits', change.body as NewItem);
    return;
  }
  const match = ITEM_PATH.exec(change.path);
  if (!match || change.method !== 'PATCH') return;
  const [, collection, id] = match;
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
    const last = Math.max(-1, ...[...today.tasks, ...today.habits].map((item) => item.todaySortOrder));
    if (fromList) {
      const joined = changed(fromList, { ...changes, todaySortOrder: changes.todaySortOrder ?? last + 1 });
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

const nextAfter = (values: number[]) => Math.max(-1, ...values) + 1;

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
    sortOrder: input.sortOrder ?? nextAfter(sameList.map((item) => item.sortOrder)),
    todaySortOrder: input.todaySortOrder ?? (isToday ? nextAfter(todayOrders) : 0),
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
