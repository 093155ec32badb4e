import type { QueryClient } from '@tanstack/react-query';
import type { Goal } from '#shared/api/goals';
import type { Habit } from '#shared/api/habits';
import type { Task } from '#shared/api/tasks';
import type { Today, TodayTask } from '#shared/api/today';

/*
 * Which changes may wait for the network, and how they look on this device meanwhile
 * (docs/product.md#connectivity, docs/decisions/018-installable-app.md): a tick or untick, a move onto or
 * off Today, and a new order. They are the quick, frequent changes of a day away from signal, each one
 * either fully applies or is refused whole on replay. Creates, edits and deletes still need the
 * network and say so.
 */

export type QueuedChange = {
  method: 'PATCH' | 'POST';
  path: string;
  body: unknown;
  /** Named in the toast when a replay is refused. */
  label: string;
};

const ITEM_PATH = /^\/api\/(habits|tasks)\/([0-9a-f-]{36})$/;
const REORDER_PATHS = new Set(['/api/today/reorder', '/api/tasks/reorder', '/api/habits/reorder']);
const QUEUEABLE_FIELDS = new Set(['completedToday', 'isToday', 'todaySortOrder']);

/** The change as it would be kept, or undefined when this write cannot wait. */
export function queueableChange(method: string, path: string, body: unknown): QueuedChange | undefined {
  if (method === 'POST' && REORDER_PATHS.has(path)) return { method, path, body, label: 'A new order' };
  if (method !== 'PATCH' || !ITEM_PATH.test(path) || typeof body !== 'object' || body === null)
    return undefined;
  const fields = Object.keys(body);
  if (fields.length === 0 || !fields.every((field) => QUEUEABLE_FIELDS.has(field))) return undefined;
  const label = 'completedToday' in body ? 'A tick' : 'A change to Today';
  return { method, path, body, label };
}

type ItemChanges = { completedToday?: boolean; isToday?: boolean; todaySortOrder?: number };

function changed<T extends Habit | Task>(item: T, changes: ItemChanges): T {
  const next = { ...item };
  if (changes.completedToday !== undefined && changes.completedToday !== item.completedToday) {
    next.completedToday = changes.completedToday;
    next.completionCount = Math.max(0, item.completionCount + (changes.completedToday ? 1 : -1));
  }
  if (changes.isToday !== undefined) next.isToday = changes.isToday;
  if (changes.todaySortOrder !== undefined) next.todaySortOrder = changes.todaySortOrder;
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
      items = [...items, kind === 'tasks' ? withGoal(queryClient, joined as Task) : joined];
    }
  }
  queryClient.setQueryData<Today>(['api', 'today'], { ...today, [kind]: items });
}
