import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { TickChecklistItemInput } from '#shared/api/checklist';
import { api, findCall, type Method, queryKeyOf } from '#shared/api/contract';
import type { Goal } from '#shared/api/goals';
import type { Habit } from '#shared/api/habits';
import type { PlanTasksInput, Task, TaskGoalSummary } from '#shared/api/tasks';
import type { Today, TodayTask } from '#shared/api/today';
import type { Upcoming } from '#shared/api/upcoming';
import type { Day } from '#shared/domain/days';
import { uniqueLabels } from '#shared/domain/labels';
import { nextSortOrder } from '#shared/domain/ordering';
import { DEFAULT_GOAL_COLOR } from '#shared/domain/palette';
import type { Priority } from '#shared/domain/priority';
import { type Anchor, insertedUnder, type Placed, placedUnder, roomUnder } from './offline-copy-under';
import { personsDayOf } from './persons-day';
import { moveOnUpcoming, shownOn } from './upcoming-moves';

/*
 * How changes kept while Stride cannot be reached look on this device meanwhile
 * (docs/product.md#connectivity, docs/decisions/029-api-contract.md). Which changes may wait, and what a
 * refused one is called, the API's contract says (`offline`, src/shared/api/contract.ts); the fetch
 * wrapper keeps them (lib/api-client.ts) and the outbox sends them (lib/outbox.ts). Each is shown on
 * every cached copy of what it changes (the lists, Today, Upcoming's days) as the server will answer
 * it, and the lists are read afresh once everything kept has been sent.
 */

export type QueuedChange = {
  method: Method;
  path: string;
  body: unknown;
  /** Named in the toast when a replay is refused. */
  label: string;
};

type Fields = Record<string, unknown>;
type Item = Task | Habit | TodayTask;
type Collection = 'tasks' | 'habits';

const TODAY_KEY = queryKeyOf(api.today.get);
const UPCOMING_KEY = queryKeyOf(api.upcoming.get);
const GOALS_KEY = queryKeyOf(api.goals.list);
const listKey = (collection: Collection) => queryKeyOf(api[collection].list);

/** The goal a task shows on Today: from whichever goal list is cached. */
function goalSummary(queryClient: QueryClient, goalId: string | null): TaskGoalSummary | null {
  if (goalId === null) return null;
  for (const [, goals] of queryClient.getQueriesData<Goal[]>({ queryKey: GOALS_KEY })) {
    const goal = goals?.find((candidate) => candidate.id === goalId);
    if (goal) {
      const { id, title, color, isHabitGoal } = goal;
      return { id, title, color, isHabitGoal };
    }
  }
  return null;
}

/** A task as Today lists it: with its goal's name and colour. */
function withGoal(queryClient: QueryClient, task: Task): TodayTask {
  return { ...task, goal: goalSummary(queryClient, task.goalId) };
}

/**
 * An item with a change's fields, as the server answers it: only the fields the item has, a tick's
 * count, a habit's one schedule taking the other's place, a task's goal on Today following its goalId.
 */
/** Fields a copy saved by an older app may lack (its items had none), which an edit still sets. */
const NEWER_FIELDS = new Set(['description', 'priority', 'checklist', 'labels']);

function changed<T extends Item>(queryClient: QueryClient, item: T, fields: Fields): T {
  const next: Fields = { ...item };
  for (const [field, value] of Object.entries(fields)) {
    if (value !== undefined && (field in item || NEWER_FIELDS.has(field))) next[field] = value;
  }
  if (typeof fields.completedToday === 'boolean' && fields.completedToday !== item.completedToday) {
    next.completionCount = Math.max(0, item.completionCount + (fields.completedToday ? 1 : -1));
  }
  if ('timesPerWeek' in item) {
    if (fields.repeat != null && fields.timesPerWeek === undefined) next.timesPerWeek = null;
    if (fields.timesPerWeek != null && fields.repeat === undefined) next.repeat = null;
  }
  if ('goal' in item && typeof fields.goalId !== 'undefined') {
    next.goal = goalSummary(queryClient, fields.goalId as string | null);
  }
  return next as T;
}

/**
 * Rewrites every cached task or habit (`update` answers the item, changed or not, or undefined to take
 * it away): the list, Today, and every loaded page of Upcoming.
 */
function updateItems(
  queryClient: QueryClient,
  collection: Collection,
  update: <T extends Item>(item: T) => T | undefined,
): void {
  const all = <T extends Item>(items: readonly T[]): T[] =>
    items.flatMap((item) => {
      const next = update(item);
      return next ? [next] : [];
    });
  queryClient.setQueryData<Array<Task | Habit>>(listKey(collection), (list) => list && all(list));
  queryClient.setQueryData<Today>(TODAY_KEY, (today) =>
    today && collection === 'tasks'
      ? { ...today, tasks: all(today.tasks) }
      : today && { ...today, habits: all(today.habits) },
  );
  updateUpcoming(
    queryClient,
    collection === 'tasks' ? { tasks: all } : { tasks: (tasks) => tasks, habits: all },
  );
}

/**
 * Rewrites every loaded page of Upcoming: each list of tasks (Overdue, and each day's) with `tasks`,
 * and each day's habits with `habits` when given.
 */
function updateUpcoming(
  queryClient: QueryClient,
  change: { tasks: (tasks: TodayTask[]) => TodayTask[]; habits?: (habits: Habit[]) => Habit[] },
): void {
  const { tasks, habits = (same: Habit[]) => same } = change;
  queryClient.setQueriesData<InfiniteData<Upcoming>>({ queryKey: UPCOMING_KEY }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            overdue: tasks(page.overdue),
            days: page.days.map((day) => ({ ...day, tasks: tasks(day.tasks), habits: habits(day.habits) })),
          })),
        }
      : data,
  );
}

/**
 * A task planned for another day, or none: on Upcoming it leaves the day it was shown under and joins
 * its new one, as a drag moves it (lib/upcoming-moves.ts). Read before its copies take the new day.
 */
function showPlanChange(queryClient: QueryClient, id: string, to: Day | null): void {
  const known = cachedTask(queryClient, id);
  queryClient.setQueriesData<InfiniteData<Upcoming>>({ queryKey: UPCOMING_KEY }, (data) => {
    if (!data) return data;
    const from = shownOn(data, id, known?.plannedFor ?? null);
    return moveOnUpcoming(data, { id, from, to }, known);
  });
}

/**
 * A task on Today by its day (not by hand) given another day goes to the end of Today, as the server
 * places a task newly planned (docs/product.md#today-membership). Read before it takes the new day.
 */
function showPlannedAtEnd(queryClient: QueryClient, id: string, fields: Fields): void {
  const today = queryClient.getQueryData<Today>(TODAY_KEY);
  const task = today?.tasks.find((candidate) => candidate.id === id);
  if (!today || !task || task.isToday || fields.plannedFor == null || fields.todaySortOrder !== undefined)
    return;
  if (task.plannedFor === fields.plannedFor) return;
  const end = nextSortOrder([...today.tasks, ...today.habits].map((item) => item.todaySortOrder));
  queryClient.setQueryData<Today>(TODAY_KEY, {
    ...today,
    tasks: today.tasks.map((candidate) =>
      candidate === task ? { ...task, todaySortOrder: end } : candidate,
    ),
  });
}

/** A task or habit changed: everywhere it is cached, onto Today or off it. */
function showItemChange(queryClient: QueryClient, collection: Collection, id: string, fields: Fields): void {
  if (collection === 'tasks' && fields.plannedFor !== undefined) {
    showPlannedAtEnd(queryClient, id, fields);
    showPlanChange(queryClient, id, fields.plannedFor as Day | null);
  }
  updateItems(queryClient, collection, (item) =>
    item.id === id ? changed(queryClient, item, fields) : item,
  );
  const today = queryClient.getQueryData<Today>(TODAY_KEY);
  if (!today) return;
  const onToday = (today[collection] as Item[]).some((item) => item.id === id);
  // Off Today by hand; a task planned for a day joins or leaves Today once the server has it.
  if (fields.isToday === false && onToday) {
    queryClient.setQueryData<Today>(TODAY_KEY, {
      ...today,
      [collection]: (today[collection] as Item[]).filter((item) => item.id !== id),
    });
  }
  if (fields.isToday !== true || onToday) return;
  const fromList = queryClient
    .getQueryData<Array<Task | Habit>>(listKey(collection))
    ?.find((item) => item.id === id);
  if (!fromList) return;
  const end = nextSortOrder([...today.tasks, ...today.habits].map((item) => item.todaySortOrder));
  const joined = { ...fromList, todaySortOrder: (fields.todaySortOrder as number | undefined) ?? end };
  queryClient.setQueryData<Today>(
    TODAY_KEY,
    collection === 'tasks'
      ? { ...today, tasks: [...today.tasks, withGoal(queryClient, joined as Task)] }
      : { ...today, habits: [...today.habits, joined as Habit] },
  );
}

/**
 * One item of a task's checklist ticked or unticked, the others as they are, on every cached copy of
 * the task (docs/product.md#checklists): what Execution Mode shows as it is ticked, and what a tick
 * kept offline shows until it is sent. A copy saved before tasks had checklists has nothing to tick.
 */
function showChecklistTick(queryClient: QueryClient, id: string, itemId: string, done: boolean): void {
  updateItems(queryClient, 'tasks', (item) => {
    if (item.id !== id || !('checklist' in item) || !Array.isArray(item.checklist)) return item;
    const checklist = item.checklist.map((step) => (step.id === itemId ? { ...step, done } : step));
    return { ...item, checklist };
  });
}

/** Rewrites every cached goal list (`update` answers the goal, or undefined to take it away). */
function updateGoals(queryClient: QueryClient, update: (goal: Goal) => Goal | undefined): void {
  for (const [key, goals] of queryClient.getQueriesData<Goal[]>({ queryKey: GOALS_KEY })) {
    if (!goals) continue;
    // The list without archived goals leaves a goal archived offline out, as its next read will.
    const activeOnly = JSON.stringify(key).includes('"showArchived":"false"');
    const next = goals.flatMap((goal) => {
      const updated = update(goal);
      return updated && !(activeOnly && updated.archived) ? [updated] : [];
    });
    queryClient.setQueryData(key, next);
  }
}

/** A goal changed: its lists, and its name and colour on the tasks Today and Upcoming show. */
function showGoalChange(queryClient: QueryClient, id: string, fields: Fields): void {
  updateGoals(queryClient, (goal) => (goal.id === id ? { ...goal, ...(fields as Partial<Goal>) } : goal));
  updateItems(queryClient, 'tasks', (item) => {
    if (!('goal' in item) || item.goal?.id !== id) return item;
    const goal: Fields = { ...item.goal };
    for (const field of ['title', 'color', 'isHabitGoal'])
      if (fields[field] !== undefined) goal[field] = fields[field];
    return { ...item, goal: goal as TaskGoalSummary };
  });
}

type NewItem = {
  id: string;
  title: string;
  goalId?: string | null;
  plannedFor?: string | null;
  repeat?: string | null;
  remindAt?: string | null;
  description?: string | null;
  priority?: Priority;
  // The create body as queued, before the server's defaults: an item's `done` may be absent.
  checklist?: ReadonlyArray<{ id: string; title: string; done?: boolean }>;
  labels?: readonly string[];
  timesPerWeek?: number | null;
  completed?: boolean;
  isToday?: boolean;
  sortOrder?: number;
  todaySortOrder?: number;
  /** A task to be placed right under (a duplicate's original). */
  after?: string;
};

/**
 * A task as this device last read it, with its goal as Today shows it, from whichever cached list has
 * it: Today, the tasks list, or a page of Upcoming.
 */
function cachedTask(queryClient: QueryClient, id: string): TodayTask | undefined {
  const onToday = queryClient.getQueryData<Today>(TODAY_KEY)?.tasks.find((task) => task.id === id);
  if (onToday) return onToday;
  const listed = queryClient.getQueryData<Task[]>(listKey('tasks'))?.find((task) => task.id === id);
  if (listed) return withGoal(queryClient, listed);
  for (const [, data] of queryClient.getQueriesData<InfiniteData<Upcoming>>({ queryKey: UPCOMING_KEY })) {
    for (const page of data?.pages ?? []) {
      const shown = [...page.overdue, ...page.days.flatMap((day) => day.tasks)].find(
        (task) => task.id === id,
      );
      if (shown) return shown;
    }
  }
  return undefined;
}

/**
 * A task made offline right under another (lib/offline-copy-under.ts): the items below make room on
 * every cached copy, and it is shown under the other in its list, on Today and on Upcoming's days
 * where the other is and it would be too (the same day), as the server will list it.
 */
function showCreatedUnder(queryClient: QueryClient, anchor: Anchor, placed: Placed, copy: Task): void {
  updateItems(queryClient, 'tasks', (item) => roomUnder(item, anchor, placed));
  updateItems(queryClient, 'habits', (item) => roomUnder(item, anchor, placed));
  const list = queryClient.getQueryData<Task[]>(listKey('tasks')) ?? [];
  const inList = placed.sortOrder !== undefined && list.some((task) => task.id === anchor.id);
  queryClient.setQueryData(listKey('tasks'), inList ? insertedUnder(list, anchor.id, copy) : [...list, copy]);
  const shown = withGoal(queryClient, copy);
  const sameDay = copy.plannedFor !== null && copy.plannedFor === anchor.plannedFor;
  const today = queryClient.getQueryData<Today>(TODAY_KEY);
  const underOnToday =
    placed.todaySortOrder !== undefined &&
    (copy.isToday || sameDay) &&
    today?.tasks.some((task) => task.id === anchor.id);
  if (today && underOnToday) {
    queryClient.setQueryData<Today>(TODAY_KEY, {
      ...today,
      tasks: insertedUnder(today.tasks, anchor.id, shown),
    });
  } else if (today && copy.isToday) {
    queryClient.setQueryData<Today>(TODAY_KEY, { ...today, tasks: [...today.tasks, shown] });
  }
  if (!sameDay) return;
  updateUpcoming(queryClient, { tasks: (tasks) => insertedUnder(tasks, anchor.id, shown) });
}

/**
 * The Today positions this device knows, as the server counts them for a new one's place at the end:
 * Today's items, and in the lists every task on Today or with a day and every habit on Today.
 */
function todayPositions(queryClient: QueryClient): number[] {
  const today = queryClient.getQueryData<Today>(TODAY_KEY);
  const tasks = queryClient.getQueryData<Task[]>(listKey('tasks')) ?? [];
  const habits = queryClient.getQueryData<Habit[]>(listKey('habits')) ?? [];
  return [
    ...(today ? [...today.tasks, ...today.habits] : []),
    ...tasks.filter((task) => task.isToday || (task.plannedFor ?? null) !== null),
    ...habits.filter((habit) => habit.isToday),
  ].map((item) => item.todaySortOrder);
}

/**
 * A task or habit made offline, as the server will answer it: at the end of its list and of Today, or
 * right under the task named by `after`.
 */
function showCreated(queryClient: QueryClient, collection: Collection, input: NewItem): void {
  const key = listKey(collection);
  const list = queryClient.getQueryData<Array<Habit | Task>>(key) ?? [];
  const today = queryClient.getQueryData<Today>(TODAY_KEY);
  const goalId = input.goalId ?? null;
  const sameList = collection === 'tasks' ? (list as Task[]).filter((task) => task.goalId === goalId) : list;
  const isToday = input.isToday ?? false;
  const todayOrders = todayPositions(queryClient);
  const anchor = collection === 'tasks' && input.after ? cachedTask(queryClient, input.after) : undefined;
  const placed = anchor
    ? placedUnder(anchor, {
        goalId,
        joinsToday: isToday || (input.plannedFor ?? null) !== null,
        ...(input.sortOrder === undefined ? {} : { sortOrder: input.sortOrder }),
        ...(input.todaySortOrder === undefined ? {} : { todaySortOrder: input.todaySortOrder }),
      })
    : {};
  const base = {
    id: input.id,
    title: input.title,
    description: input.description ?? null,
    isToday,
    remindAt: input.remindAt ?? null,
    completedToday: false,
    completionCount: 0,
    sortOrder: input.sortOrder ?? placed.sortOrder ?? nextSortOrder(sameList.map((item) => item.sortOrder)),
    // A task with a day counts among Today's positions from the start, as the server places it.
    todaySortOrder:
      input.todaySortOrder ??
      placed.todaySortOrder ??
      (isToday || (input.plannedFor ?? null) !== null ? nextSortOrder(todayOrders) : 0),
    createdAt: new Date().toISOString(),
  };
  const item: Habit | Task =
    collection === 'tasks'
      ? {
          ...base,
          goalId,
          plannedFor: input.plannedFor ?? null,
          repeat: input.repeat ?? null,
          priority: input.priority ?? 0,
          checklist: (input.checklist ?? []).map(({ id, title, done }) => ({
            id,
            title,
            done: done ?? false,
          })),
          labels: uniqueLabels(input.labels ?? []),
          completed: input.completed ?? false,
        }
      : { ...base, repeat: input.repeat ?? null, timesPerWeek: input.timesPerWeek ?? null };
  if (list.some((existing) => existing.id === item.id)) return;
  if (anchor) {
    showCreatedUnder(queryClient, anchor, placed, item as Task);
    return;
  }
  queryClient.setQueryData(key, [...list, item]);
  if (collection === 'tasks') {
    showCreatedTask(queryClient, item as Task);
    return;
  }
  if (!today || !isToday) return;
  queryClient.setQueryData<Today>(TODAY_KEY, { ...today, habits: [...today.habits, item as Habit] });
}

/**
 * A new task on the screens that list it by day, as the server will answer it: on Today when it is put
 * there or its day has come (docs/product.md#planning), and on Upcoming under its day, or Overdue.
 */
function showCreatedTask(queryClient: QueryClient, task: Task): void {
  const today = queryClient.getQueryData<Today>(TODAY_KEY);
  const shown = withGoal(queryClient, task);
  const due = task.plannedFor !== null && task.plannedFor <= personsDayOf(queryClient);
  if (today && (task.isToday || due)) {
    queryClient.setQueryData<Today>(TODAY_KEY, { ...today, tasks: [...today.tasks, shown] });
  }
  const day = task.plannedFor as Day | null;
  if (day === null) return;
  queryClient.setQueriesData<InfiniteData<Upcoming>>({ queryKey: UPCOMING_KEY }, (data) =>
    data ? moveOnUpcoming(data, { id: task.id, from: undefined, to: day }, shown) : data,
  );
}

type NewGoal = Partial<Omit<Goal, 'createdAt'>> & { id: string; title: string };

/** A goal made offline: at the end of the goal lists. */
function showCreatedGoal(queryClient: QueryClient, input: NewGoal): void {
  const lists = queryClient.getQueriesData<Goal[]>({ queryKey: GOALS_KEY });
  if (lists.some(([, goals]) => goals?.some((goal) => goal.id === input.id))) return;
  const orders = lists.flatMap(([, goals]) => (goals ?? []).map((goal) => goal.sortOrder));
  const goal: Goal = {
    id: input.id,
    title: input.title,
    description: input.description ?? null,
    color: input.color ?? DEFAULT_GOAL_COLOR,
    isHabitGoal: input.isHabitGoal ?? false,
    archived: input.archived ?? false,
    sortOrder: input.sortOrder ?? nextSortOrder(orders),
    createdAt: new Date().toISOString(),
  };
  for (const [key, goals] of lists) if (goals) queryClient.setQueryData(key, [...goals, goal]);
}

/** Tasks taken away at once: a delete, a goal's tasks with it, or a list's completed ones. */
function removeTasks(queryClient: QueryClient, gone: (task: Task | TodayTask) => boolean): void {
  updateItems(queryClient, 'tasks', (item) => (gone(item as Task) ? undefined : item));
}

/**
 * Shows a kept change on this device's lists, as the server will once it is sent. Reorders need
 * nothing here: their own hooks already wrote the new order into the lists.
 */
export function applyQueuedChange(queryClient: QueryClient, change: QueuedChange): void {
  const found = findCall(change.method, change.path);
  if (!found) return;
  const { call, params } = found;
  const fields = (change.body ?? {}) as Fields;
  const id = params.id ?? '';
  switch (call) {
    case api.tasks.create:
    case api.habits.create:
      showCreated(queryClient, call === api.tasks.create ? 'tasks' : 'habits', fields as NewItem);
      return;
    case api.goals.create:
      showCreatedGoal(queryClient, fields as NewGoal);
      return;
    case api.tasks.update:
    case api.habits.update:
      showItemChange(queryClient, call === api.tasks.update ? 'tasks' : 'habits', id, fields);
      return;
    // Many tasks planned at once: each as its own PATCH of plannedFor shows, in the order sent, so those
    // newly planned for today join its end in that order, as the server places them.
    case api.tasks.plan:
      for (const move of (change.body as PlanTasksInput).moves)
        showItemChange(queryClient, 'tasks', move.id, { plannedFor: move.plannedFor });
      return;
    case api.tasks.tickChecklistItem:
      showChecklistTick(queryClient, id, params.itemId ?? '', (fields as TickChecklistItemInput).done);
      return;
    case api.goals.update:
      showGoalChange(queryClient, id, fields);
      return;
    case api.tasks.remove:
      removeTasks(queryClient, (task) => task.id === id);
      return;
    case api.habits.remove:
      updateItems(queryClient, 'habits', (item) => (item.id === id ? undefined : item));
      return;
    case api.goals.remove:
      updateGoals(queryClient, (goal) => (goal.id === id ? undefined : goal));
      removeTasks(queryClient, (task) => task.goalId === id);
      return;
    case api.tasks.clearCompleted:
      removeTasks(queryClient, (task) => task.goalId === null && task.completed);
      return;
    case api.goals.clearCompleted:
      removeTasks(queryClient, (task) => task.goalId === params.goalId && task.completed);
      return;
  }
}
