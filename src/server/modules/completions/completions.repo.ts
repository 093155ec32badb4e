import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Habit } from '#shared/api/habits';
import type { Task } from '#shared/api/tasks';
import { habitJson, taskInHabitGoal, taskJson } from '../../db/api-json';
import { type Db, executeRows } from '../../db/client';
import { statement } from '../../db/statements';

/*
 * Completion history of daily items (docs/product.md#completion-and-days): one row per item and local
 * day in habit_completions or task_completions (tasks of habit goals). The item's completion_count and
 * last_completed_day follow that history in the same statement, so they never disagree; and the whole
 * tick is one statement (no transaction, no owner lock: it touches no position), which is what makes a
 * tick cheap (docs/decisions/013-api-cost.md).
 */

/** Where the target row comes from and whether it may be ticked (a task only inside a habit goal). */
const TARGETS = {
  habit: {
    history: sql`habit_completions`,
    itemColumn: sql`habit_id`,
    items: sql`habits`,
    json: (day: Placeholder) => habitJson('i', day),
    target: (userId: Placeholder, id: Placeholder) =>
      sql`select h.id, true as daily from habits h where h.user_id = ${userId} and h.id = ${id} for update`,
  },
  task: {
    history: sql`task_completions`,
    itemColumn: sql`task_id`,
    items: sql`tasks`,
    json: (day: Placeholder) => taskJson('i', day),
    target: (userId: Placeholder, id: Placeholder) =>
      sql`select t.id, coalesce(g.is_habit_goal, false) as daily
        from tasks t left join goals g on g.user_id = t.user_id and g.id = t.goal_id
        where t.user_id = ${userId} and t.id = ${id} for update of t`,
  },
} as const;

function tickSql(kind: 'habit' | 'task', done: boolean): SQL {
  const { history, itemColumn, items, json, target } = TARGETS[kind];
  const userId = sql.placeholder('userId');
  const id = sql.placeholder('id');
  // The day marked, and the person's today that decides the answer's completedToday: they differ
  // when a past day is edited from the history.
  const day = sql.placeholder('day');
  const today = sql.placeholder('today');
  const change = done
    ? sql`changed as (
        insert into ${history} (user_id, ${itemColumn}, day)
        select ${userId}, id, ${day}::date from target where daily
        on conflict do nothing
        returning day
      )`
    : // An equality with the one target row, so the delete is one lookup in the (user, item, day) key.
      // Written `in (select ...)`, it was planned as a scan of every completion the person has on that
      // day, joined to the target afterwards: an untick cost twice a tick (decision 013).
      sql`changed as (
        delete from ${history}
        where user_id = ${userId} and ${itemColumn} = (select id from target where daily) and day = ${day}::date
        returning day
      )`;
  // The outer statement sees the history as it was before `changed`, hence `day <> the day`.
  const lastDay = done
    ? sql`greatest(i.last_completed_day, ${day}::date)`
    : sql`(select max(c.day) from ${history} c
          where c.user_id = ${userId} and c.${itemColumn} = i.id and c.day <> ${day}::date)`;
  return sql`with target as (${target(userId, id)}), ${change},
    updated as (
      update ${items} i
      set completion_count = i.completion_count ${done ? sql`+` : sql`-`} (select count(*) from changed)::int,
          last_completed_day = case when exists (select 1 from changed) then ${lastDay} else i.last_completed_day end,
          updated_at = now()
      where i.user_id = ${userId} and i.id = (select id from target where daily)
      returning ${json(today)} as item
    )
    select (select item from updated) as item, (select daily from target) as daily`;
}

type TickValues = { userId: string; id: string; day: string; today: string };
type Answer<T> = { item: T | null; daily: boolean | null };

// One prepared statement per kind and direction (db/statements.ts); the plan tests read them.
export const TICKS = {
  habit: {
    done: statement<TickValues, Answer<Habit>>('stride_tick_habit', () => tickSql('habit', true)),
    undone: statement<TickValues, Answer<Habit>>('stride_untick_habit', () => tickSql('habit', false)),
  },
  task: {
    done: statement<TickValues, Answer<Task>>('stride_tick_task', () => tickSql('task', true)),
    undone: statement<TickValues, Answer<Task>>('stride_untick_task', () => tickSql('task', false)),
  },
};

export type CompletionResult<T> =
  /** The item is not the person's, or no longer exists. */
  | { found: false }
  /** A task outside a habit goal: nothing was recorded or changed. */
  | { found: true; daily: false }
  | { found: true; daily: true; item: T };

function resultOf<T>(rows: Array<Answer<T>>): CompletionResult<T> {
  const row = rows[0];
  if (!row || row.daily === null) return { found: false };
  if (!row.daily || !row.item) return { found: true, daily: false };
  return { found: true, daily: true, item: row.item };
}

/** Which day to mark, and the person's today that the answer is shown for. */
export type CompletionChange = { day: string; today: string; done: boolean };

/**
 * Marks a day done or not done for one habit or habit-goal task and answers the item as the API shows
 * it today. Repeating it changes nothing; the item is row-locked for the statement, so a delete racing
 * it either waits or makes it answer not found.
 */
export async function setHabitCompletion(
  db: Db,
  userId: string,
  habitId: string,
  { day, today, done }: CompletionChange,
): Promise<CompletionResult<Habit>> {
  const tick = done ? TICKS.habit.done : TICKS.habit.undone;
  return resultOf(await tick(db, { userId, id: habitId, day, today }));
}

export async function setTaskCompletion(
  db: Db,
  userId: string,
  taskId: string,
  { day, today, done }: CompletionChange,
): Promise<CompletionResult<Task>> {
  const tick = done ? TICKS.task.done : TICKS.task.undone;
  return resultOf(await tick(db, { userId, id: taskId, day, today }));
}

export type CompletionKind = 'habit' | 'task';

export type CompletionHistory = {
  /** Whether the item has daily state now (a habit, or a task in a habit goal). */
  daily: boolean;
  /** The days completed in the range asked for, as day numbers (days since 1970-01-01), oldest first. */
  rangeDays: number[];
  /** Every day completed, as day numbers, oldest first: what the streaks count. */
  allDays: number[];
  /** A habit's schedule (docs/product.md#habit-schedules); null for tasks and every-day habits. */
  repeat: string | null;
  repeatStart: string | null;
  timesPerWeek: number | null;
};

const SCHEDULE = {
  habit: sql`i.repeat, to_char(i.repeat_start, 'YYYY-MM-DD') as "repeatStart", i.times_per_week as "timesPerWeek"`,
  task: sql`null as repeat, null as "repeatStart", null as "timesPerWeek"`,
} as const;

const HISTORY_DAILY = { habit: sql`true`, task: taskInHabitGoal('i') } as const;

/**
 * One pass over the item's rows on the (user, item, day) key: every day as a day number (date minus
 * date is a whole number of days), oldest first, since a streak may run back before the range and the
 * best one lies anywhere (src/shared/domain/streaks.ts); and the range, chosen by the database as how
 * many of those days come before `from` and how many through `to`. Days written as text, or the range
 * aggregated a second time, cost the databases more than the whole rest of the call
 * (bench/notes/history.md).
 */
function historySql(kind: CompletionKind): SQL {
  const { history, itemColumn, items } = TARGETS[kind];
  const userId = sql.placeholder('userId');
  const from = sql.placeholder('from');
  const to = sql.placeholder('to');
  return sql`select ${HISTORY_DAILY[kind]} as daily, ${SCHEDULE[kind]},
      coalesce(d."allDays", '[]'::json) as "allDays", d.before, d.through
      from ${items} i
      cross join lateral (
        select json_agg(c.day - date '1970-01-01' order by c.day) as "allDays",
          (count(*) filter (where c.day < ${from}::date))::int as before,
          (count(*) filter (where c.day <= ${to}::date))::int as through
        from ${history} c where c.user_id = i.user_id and c.${itemColumn} = i.id
      ) d
      where i.user_id = ${userId} and i.id = ${sql.placeholder('id')}`;
}

type HistoryValues = { userId: string; id: string; from: string; to: string };
type HistoryRow = Omit<CompletionHistory, 'rangeDays'> & { before: number; through: number };

// One prepared statement per kind (db/statements.ts): PGlite would otherwise plan it on every read.
export const HISTORY_READS = {
  habit: statement<HistoryValues, HistoryRow>('stride_history_habit', () => historySql('habit')),
  task: statement<HistoryValues, HistoryRow>('stride_history_task', () => historySql('task')),
};

/** An item's completed days from `from` to `to` and all of them, or undefined when it is not the person's. */
export async function findCompletionHistory(
  db: Db,
  userId: string,
  kind: CompletionKind,
  id: string,
  range: { from: string; to: string },
): Promise<CompletionHistory | undefined> {
  const [row] = await HISTORY_READS[kind](db, { userId, id, ...range });
  if (!row) return undefined;
  const { before, through, ...history } = row;
  // One row per day (the key), oldest first: the range is the days after the first `before`.
  return { ...history, rangeDays: history.allDays.slice(before, through) };
}

/*
 * A repeating task done (docs/product.md#repeats): the day goes into its history as a habit-goal task's
 * tick does, with the day the task was planned for, and the counters follow in the same statement.
 * The caller holds the person's lock and moves the task on; these only keep the history.
 */

/** Records `day` done for a repeating task that was planned for `plannedFor`; once per day. */
export async function recordRepeatDone(
  db: Db,
  userId: string,
  taskId: string,
  day: string,
  plannedFor: string | null,
): Promise<void> {
  await executeRows(
    db,
    sql`with changed as (
        insert into task_completions (user_id, task_id, day, planned_for)
        values (${userId}, ${taskId}, ${day}::date, ${plannedFor}::date)
        on conflict do nothing
        returning day
      )
      update tasks i
      set completion_count = i.completion_count + (select count(*) from changed)::int,
          last_completed_day = case when exists (select 1 from changed)
            then greatest(i.last_completed_day, ${day}::date) else i.last_completed_day end
      where i.user_id = ${userId} and i.id = ${taskId}`,
  );
}

/**
 * Takes `day` out of a repeating task's history: answers the day it was planned for before that
 * completion, or undefined when `day` was not done.
 */
export async function undoRepeatDone(
  db: Db,
  userId: string,
  taskId: string,
  day: string,
): Promise<{ plannedFor: string | null } | undefined> {
  const [row] = await executeRows<{ plannedFor: string | null }>(
    db,
    sql`with removed as (
        delete from task_completions
        where user_id = ${userId} and task_id = ${taskId} and day = ${day}::date
        returning to_char(planned_for, 'YYYY-MM-DD') as planned_for
      ),
      updated as (
        update tasks i
        set completion_count = i.completion_count - 1,
            last_completed_day = (select max(c.day) from task_completions c
              where c.user_id = ${userId} and c.task_id = i.id and c.day <> ${day}::date)
        where i.user_id = ${userId} and i.id = ${taskId} and exists (select 1 from removed)
      )
      select planned_for as "plannedFor" from removed`,
  );
  return row;
}
