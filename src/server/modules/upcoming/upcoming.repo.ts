import { sql } from 'drizzle-orm';
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
 * What Upcoming is made of, in one statement built once (db/statements.ts; docs/product.md#upcoming):
 * the person's planned tasks up to `to` that are open or were done today or later, and the repeating
 * ones done today, each with its goal, in Today order; and the habits on Today. Each of the two ways in
 * is a condition one partial index answers (planned tasks by their day, repeating tasks), as on Today
 * (bench/notes/plan-reads.md has the plans). The second does not ask for a planned day: an unplanned
 * task is placed on no day anyway, and asking would let the planned index serve both by the person
 * alone, reading every planned task of theirs. Exported for tests/server/query-plans.test.ts.
 */
export const upcomingStatement = statement<{ userId: string; today: string; to: string }, Row>(
  'stride_upcoming',
  () => {
    const userId = sql.placeholder('userId');
    const today = sql.placeholder('today');
    const to = sql.placeholder('to');
    const goal = goalSummary('g', 'goal_summary');
    return sql`select ${jsonList(
      [
        ...taskFields('t', today, { inHabitGoal: sql`coalesce(g.is_habit_goal, false)`, goal: goal.value }),
        ['repeatStart', sql`t.repeat_start`],
        ['lastCompletedDay', sql`t.last_completed_day`],
      ],
      sql`from tasks t left join goals g on g.user_id = t.user_id and g.id = t.goal_id ${goal.join}
      where t.user_id = ${userId}
        and ((t.planned_for <= ${to}::date and (not t.completed or t.completed_on >= ${today}::date))
          or (t.repeat is not null and t.last_completed_day = ${today}::date))`,
      ['todaySortOrder'],
    )} as tasks,
    ${jsonList(
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
    )} as habits`;
  },
);

export async function readPlanned(
  db: Db,
  userId: string,
  today: string,
  to: string,
): Promise<{ tasks: PlannedTask[]; habits: ScheduledHabit[] }> {
  const [row] = await upcomingStatement(db, { userId, today, to });
  if (!row) throw new Error('the Upcoming statement answered no row');
  return {
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
  };
}
