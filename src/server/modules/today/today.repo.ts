import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Today } from '#shared/api/today';
import { goalSummary, habitFields, type JsonText, jsonList, taskFields } from '../../db/api-json';
import type { Db } from '../../db/client';
import { statement } from '../../db/statements';

/** A habit on Today with a repeat rule: whether it is due today is the shared repeat module's answer. */
export type HabitRule = { id: string; repeat: string; repeatStart: string };

/**
 * Whether task `t` of `userId` is on Today on `day` (docs/product.md#today-membership): put there by
 * hand, or planned for that day or earlier (docs/product.md#planning), or repeating and done that day
 * (it shows done until the day is over, docs/product.md#repeats); and not a normal task completed on an
 * earlier day (docs/product.md#fresh-today: tasks of a habit goal reset daily and never leave). The
 * list and its row versions below both use this one condition, so they always speak of the same rows.
 * Each of the three ways onto Today is a condition one partial index answers (the Today, planned and
 * repeating indexes, read together), and the habit goals are the person's, looked up once, not every
 * person's (bench/notes/plan-reads.md has the plans).
 */
const taskOnToday = (userId: Placeholder, day: Placeholder): SQL =>
  sql`((t.is_today or t.planned_for <= ${day}::date
      or (t.repeat is not null and t.planned_for is not null and t.last_completed_day = ${day}::date))
    and (not t.completed or t.completed_on >= ${day}::date
      or t.goal_id in (select hg.id from goals hg where hg.user_id = ${userId} and hg.is_habit_goal)))`;

/*
 * Which row versions a Today answer is built from: the `xmin` of every task and habit on Today and of
 * every goal of the person (a Today task shows its goal), in one text. A committed change to any of
 * them is a new row version written by a transaction that had not committed when the answer was read,
 * so its `xmin` cannot be among those the answer was built from: while the text is the same, so is
 * the answer (for the same day). Rows leaving Today or deleted shorten it; a row joining Today does so
 * by a change, which brings a new `xmin`. Which rows are on Today depends on the day too (a planned
 * task arrives on its day without any write), and the kept answer is for one day: a new day builds
 * afresh. The same rows read in another order only cost a build (docs/decisions/013-api-cost.md,
 * "Today's answer is kept").
 */
/**
 * Whether habit `h`, on Today, is due on `day` as far as SQL can tell (docs/product.md#habit-schedules):
 * an "N times a week" habit until N days of the week before `day` are done (a day done today keeps it
 * there, ticked). Rules are checked afterwards (`habitRules`), by the shared repeat module. Both depend
 * on the habit's row only (a tick rewrites it), so the row versions below still cover the answer.
 */
const habitDueSoFar = (day: Placeholder): SQL =>
  sql`(h.times_per_week is null or (select count(*) from habit_completions c
    where c.user_id = h.user_id and c.habit_id = h.id
      and c.day >= ${day}::date - (extract(isodow from ${day}::date)::int - 1) and c.day < ${day}::date)
    < h.times_per_week)`;

const rowVersions = (userId: Placeholder, day: Placeholder) => sql`concat(
    (select string_agg(t.xmin::text, ',') from tasks t where t.user_id = ${userId} and ${taskOnToday(userId, day)}), '/',
    (select string_agg(h.xmin::text, ',') from habits h where h.user_id = ${userId} and h.is_today), '/',
    (select string_agg(g.xmin::text, ',') from goals g where g.user_id = ${userId}))`;

/**
 * The whole Today answer in one statement, written as JSON by the database (db/api-json.ts) and served
 * by the partial indexes (taskOnToday's three and the habits' Today index): tasks with their goal, then habits, each in todaySortOrder. With it
 * come the row versions it is built from, read in the same snapshot; when they are those of the answer
 * the caller kept (`known`), the list is not built at all, and both come back null (the subquery in the
 * `case` is only run when its branch is taken). Exported for tests/server/query-plans.test.ts.
 */
export const todayStatement = statement<
  { userId: string; day: string; known: string | null },
  { version: string | null; body: string | null; habitRules: HabitRule[] | null }
>('stride_today', () => {
  const userId = sql.placeholder('userId');
  const day = sql.placeholder('day');
  const known = sql.placeholder('known');
  const goal = goalSummary('g', 'goal_summary');
  // The versions are read once: a plain subquery would be folded into each of the three `case`s below
  // and read the rows three times (EXPLAIN showed it; bench/notes/plan-reads.md).
  return sql`with today_rows as materialized (select ${rowVersions(userId, day)} as version)
    select case when today_rows.version = ${known}::text then null else today_rows.version end as version,
    case when today_rows.version = ${known}::text then null else (select json_build_object(
      'tasks', ${jsonList(
        taskFields('t', day, {
          inHabitGoal: sql`coalesce(g.is_habit_goal, false)`,
          goal: goal.value,
        }),
        sql`from tasks t left join goals g on g.user_id = t.user_id and g.id = t.goal_id ${goal.join}
          where t.user_id = ${userId} and ${taskOnToday(userId, day)}`,
        ['todaySortOrder'],
      )},
      'habits', ${jsonList(
        habitFields('h', day),
        sql`from habits h where h.user_id = ${userId} and h.is_today and ${habitDueSoFar(day)}`,
        ['todaySortOrder'],
      )}
    )::text) end as body,
    case when today_rows.version = ${known}::text then null else (select json_agg(json_build_object(
      'id', h.id, 'repeat', h.repeat, 'repeatStart', h.repeat_start))
      from habits h where h.user_id = ${userId} and h.is_today and h.repeat is not null) end as "habitRules"
    from today_rows`;
});

/**
 * The Today answer for `day` and the row versions it was read with. When `known` (an answer the caller
 * kept for this day) has those versions, it is its body that comes back, and the list is not built.
 */
export async function readTodayJson(
  db: Db,
  userId: string,
  day: string,
  known?: { version: string; body: string },
): Promise<{ version: string; body: JsonText<Today>; habitRules?: HabitRule[] }> {
  const [row] = await todayStatement(db, { userId, day, known: known?.version ?? null });
  if (!row) throw new Error('the Today statement answered no row');
  if (row.version !== null && row.body !== null) {
    return { version: row.version, body: row.body, habitRules: row.habitRules ?? [] };
  }
  if (!known) throw new Error('the Today statement skipped the list without a known version');
  return known;
}
