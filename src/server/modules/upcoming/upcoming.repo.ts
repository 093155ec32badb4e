import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Habit } from '#shared/api/habits';
import type { TodayTask } from '#shared/api/today';
import { goalSummary, habitFields, jsonList, taskFields } from '../../db/api-json';
import type { Db } from '../../db/client';
import { statement } from '../../db/statements';

/** A planned task as the API shows it, with what placing it on days needs beside it. */
export type PlannedTask = {
  task: TodayTask;
  /** The day its repeat counts from (tasks.repeat_start). */
  repeatStart: string | null;
  lastCompletedDay: string | null;
};

/** A habit on Today, with what deciding the days it is due needs. */
export type ScheduledHabit = {
  habit: Habit;
  repeatStart: string | null;
  /** Days done in today's week (from Monday) before today. */
  doneThisWeekBefore: number;
};

type Row = {
  tasks: Array<TodayTask & { repeatStart: string | null; lastCompletedDay: string | null }>;
  habits: Array<Habit & { repeatStart: string | null; doneThisWeekBefore: number }>;
};

/**
 * Whether task `t` of the person is read for Upcoming up to `to` on `today`: planned up to then and open
 * or done today or later, or repeating and done today. Each of the two ways in is a condition one
 * partial index answers (planned tasks by their day, repeating tasks), as on Today
 * (bench/notes/plan-reads.md has the plans). The second does not ask for a planned day: an unplanned
 * task is placed on no day anyway, and asking would let the planned index serve both by the person
 * alone, reading every planned task of theirs. The list and its row versions both use this condition.
 */
const readForUpcoming = (today: Placeholder, to: Placeholder): SQL =>
  sql`((t.planned_for <= ${to}::date and (not t.completed or t.completed_on >= ${today}::date))
    or (t.repeat is not null and t.last_completed_day = ${today}::date))`;

/**
 * What Upcoming is made of, in one statement built once (db/statements.ts; docs/product.md#upcoming):
 * the tasks `readForUpcoming` names, each with its goal, in Today order, and the habits on Today. With
 * them come the row versions they are read from, as for Today's kept answer (today.repo.ts says why that
 * is exact; habits' rows change with any completion, so their week's count is covered): when they are
 * those of the answer the caller kept (`known`), nothing is read and the lists come back null.
 * Exported for tests/server/query-plans.test.ts.
 */
export const upcomingStatement = statement<
  { userId: string; today: string; to: string; known: string | null },
  { version: string | null } & { [list in keyof Row]: Row[list] | null }
>('stride_upcoming', () => {
  const userId = sql.placeholder('userId');
  const today = sql.placeholder('today');
  const to = sql.placeholder('to');
  const known = sql.placeholder('known');
  const goal = goalSummary('g', 'goal_summary');
  const unchanged = sql`planned_rows.version = ${known}::text`;
  return sql`with planned_rows as materialized (select concat(
      (select string_agg(t.xmin::text, ',') from tasks t where t.user_id = ${userId} and ${readForUpcoming(today, to)}), '/',
      (select string_agg(h.xmin::text, ',') from habits h where h.user_id = ${userId} and h.is_today), '/',
      (select string_agg(g.xmin::text, ',') from goals g where g.user_id = ${userId})) as version)
    select case when ${unchanged} then null else planned_rows.version end as version,
    case when ${unchanged} then null else ${jsonList(
      [
        ...taskFields('t', today, { inHabitGoal: sql`coalesce(g.is_habit_goal, false)`, goal: goal.value }),
        ['repeatStart', sql`t.repeat_start`],
        ['lastCompletedDay', sql`t.last_completed_day`],
      ],
      sql`from tasks t left join goals g on g.user_id = t.user_id and g.id = t.goal_id ${goal.join}
        where t.user_id = ${userId} and ${readForUpcoming(today, to)}`,
      ['todaySortOrder'],
    )} end as tasks,
    case when ${unchanged} then null else ${jsonList(
      [
        ...habitFields('h', today),
        ['repeatStart', sql`h.repeat_start`],
        [
          'doneThisWeekBefore',
          sql`(select count(*)::int from habit_completions c where c.user_id = h.user_id and c.habit_id = h.id
            and c.day >= ${today}::date - (extract(isodow from ${today}::date)::int - 1) and c.day < ${today}::date)`,
        ],
      ],
      sql`from habits h where h.user_id = ${userId} and h.is_today`,
      ['todaySortOrder'],
    )} end as habits
    from planned_rows`;
});

/**
 * The planned tasks and Today habits of `userId` for Upcoming up to `to`, with the row versions they
 * were read from; only the version when it is `known`'s (the rows the caller kept an answer of stand).
 */
export async function readPlanned(
  db: Db,
  userId: string,
  today: string,
  to: string,
  known?: string,
): Promise<{ version: string; planned?: { tasks: PlannedTask[]; habits: ScheduledHabit[] } }> {
  const [row] = await upcomingStatement(db, { userId, today, to, known: known ?? null });
  if (!row) throw new Error('the Upcoming statement answered no row');
  if (row.version === null || row.tasks === null || row.habits === null) {
    if (known === undefined)
      throw new Error('the Upcoming statement skipped the lists without a known version');
    return { version: known };
  }
  return {
    version: row.version,
    planned: {
      tasks: row.tasks.map(({ repeatStart, lastCompletedDay, ...task }) => ({
        task,
        repeatStart,
        lastCompletedDay,
      })),
      habits: row.habits.map(({ repeatStart, doneThisWeekBefore, ...habit }) => ({
        habit,
        repeatStart,
        doneThisWeekBefore,
      })),
    },
  };
}
