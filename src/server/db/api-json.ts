import { type Placeholder, type SQL, sql } from 'drizzle-orm';

/*
 * The API's items (Goal, Task, Habit in src/shared/api) written as JSON by the database itself: the one
 * place where a stored row becomes what the API answers. Lists leave the database as one JSON text that
 * the server sends as it is; single items come back parsed. Measured on GET /api/today: the server's
 * CPU per request fell from 1.2 ms to 0.7 ms against parsing rows and serialising them again in
 * JavaScript (docs/decisions/013-api-cost.md). tests/server/answer-shapes.test.ts checks every answer
 * against its shared schema, extra keys included.
 *
 * Each item's fields are listed once (`goalFields`, `taskFields`, `habitFields`) and written two ways:
 * one item as a json_build_object, a list as the rows of a subquery whose columns carry the API's
 * names, aggregated whole (`jsonList`). PostgreSQL turns such a row into JSON more cheaply than it
 * evaluates a json_build_object per row: the Today statement went from about 340 to 230 µs per serial
 * call (013, "Lists are rows named like the API").
 *
 * Colours need no fallback here: the goals_color_in_palette constraint keeps every stored one in the
 * palette (measured: the fallback was a quarter of the Today statement's time in PGlite).
 *
 * `alias` is the table's name or alias in the statement; `day` is the person's current day
 * (YYYY-MM-DD), decided by src/shared/domain/days.ts, never here: a value, or the placeholder of a
 * prepared statement (db/statements.ts).
 */

type Day = string | Placeholder;

/** An item's fields in the API's order: the API's name and the SQL that computes it. */
type Fields = Array<readonly [name: string, value: SQL]>;

const col = (alias: string, name: string) => sql.raw(`${alias}.${name}`);

/** Timestamps exactly as JavaScript's toISOString writes them (UTC, milliseconds, Z). */
export const isoTime = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Whether the item has a completion on `day` (its latest completed day is kept on the row). */
const doneOn = (alias: string, day: Day) =>
  sql`coalesce(${col(alias, 'last_completed_day')} = ${day}::date, false)`;

/** Whether a task's goal is a habit goal, read beside it (a correlated lookup by the goal's key). */
export const taskInHabitGoal = (alias: string) =>
  sql`coalesce((select g.is_habit_goal from goals g
    where g.user_id = ${col(alias, 'user_id')} and g.id = ${col(alias, 'goal_id')}), false)`;

export const goalFields = (alias: string): Fields => [
  ['id', col(alias, 'id')],
  ['title', col(alias, 'title')],
  ['description', col(alias, 'description')],
  ['color', col(alias, 'color')],
  ['isHabitGoal', col(alias, 'is_habit_goal')],
  ['archived', col(alias, 'archived')],
  ['sortOrder', col(alias, 'sort_order')],
  ['createdAt', isoTime(col(alias, 'created_at'))],
];

/**
 * A task's checklist as the API has it, `[{ id, title, done }]` in its order, `done` read for `day` by
 * the rule of src/shared/domain/checklist.ts's checklistItemDone: in a habit goal only on the day it was
 * ticked, elsewhere once ticked. Most tasks have none: their stored '[]' is answered without expanding
 * it, and the goal is looked at once per task, not once per item.
 */
function checklistJson(alias: string, day: Day, inHabitGoal: SQL): SQL {
  const checklist = col(alias, 'checklist');
  return sql`case when ${checklist} = '[]'::jsonb then '[]'::json else (
    select json_agg(json_build_object('id', c.item->>'id', 'title', c.item->>'title',
      'done', c.item->>'doneOn' is not null and (not rule.daily or (c.item->>'doneOn')::date = ${day}::date))
      order by c.n)
    from (select (${inHabitGoal}) as daily) rule, jsonb_array_elements(${checklist}) with ordinality c(item, n)
  ) end`;
}

/**
 * A Task's fields; `inHabitGoal` may come from a join the statement already has, and `goal` adds a
 * Today task's goal summary (`goalSummary`).
 */
export function taskFields(alias: string, day: Day, options: { inHabitGoal?: SQL; goal?: SQL } = {}): Fields {
  const inHabitGoal = options.inHabitGoal ?? taskInHabitGoal(alias);
  const fields: Fields = [
    ['id', col(alias, 'id')],
    ['title', col(alias, 'title')],
    ['description', col(alias, 'description')],
    ['goalId', col(alias, 'goal_id')],
    ['plannedFor', col(alias, 'planned_for')],
    ['repeat', col(alias, 'repeat')],
    ['remindAt', col(alias, 'remind_at')],
    ['priority', col(alias, 'priority')],
    ['checklist', checklistJson(alias, day, inHabitGoal)],
    ['labels', col(alias, 'labels')],
    ['completed', col(alias, 'completed')],
    // A repeating task done today reads done until the day is over (docs/product.md#repeats).
    [
      'completedToday',
      sql`((${inHabitGoal}) or ${col(alias, 'repeat')} is not null) and ${doneOn(alias, day)}`,
    ],
    ['completionCount', col(alias, 'completion_count')],
    ['isToday', col(alias, 'is_today')],
    ['todaySortOrder', col(alias, 'today_sort_order')],
    ['sortOrder', col(alias, 'sort_order')],
    ['createdAt', isoTime(col(alias, 'created_at'))],
  ];
  return options.goal ? [...fields, ['goal', options.goal]] : fields;
}

export const habitFields = (alias: string, day: Day): Fields => [
  ['id', col(alias, 'id')],
  ['title', col(alias, 'title')],
  ['description', col(alias, 'description')],
  ['repeat', col(alias, 'repeat')],
  ['timesPerWeek', col(alias, 'times_per_week')],
  ['remindAt', col(alias, 'remind_at')],
  ['isToday', col(alias, 'is_today')],
  ['completedToday', doneOn(alias, day)],
  ['completionCount', col(alias, 'completion_count')],
  ['todaySortOrder', col(alias, 'today_sort_order')],
  ['sortOrder', col(alias, 'sort_order')],
  ['createdAt', isoTime(col(alias, 'created_at'))],
];

/**
 * The goal summary a Today task carries, or null for a standalone todo, as a row named like the API:
 * `join` puts it beside the task (after a left join of its goal as `goalAlias`), and `value` is the
 * task's `goal` field. The list's aggregate writes that row as an object, as it writes the task's own
 * fields, which costs PostgreSQL less than a json_build_object per task (013, "A goal is a row too").
 */
export function goalSummary(goalAlias: string, as: string): { join: SQL; value: SQL } {
  const row = sql.identifier(as);
  return {
    join: sql`left join lateral (select ${col(goalAlias, 'id')} as "id", ${col(goalAlias, 'title')} as "title",
      ${col(goalAlias, 'color')} as "color", ${col(goalAlias, 'is_habit_goal')} as "isHabitGoal"
      where ${col(goalAlias, 'id')} is not null) ${row} on true`,
    value: sql`${row}`,
  };
}

/** One item as a JSON object. */
const itemJson = (fields: Fields) =>
  sql`json_build_object(${sql.join(
    fields.map(([name, value]) => sql`${sql.raw(`'${name}'`)}, ${value}`),
    sql`, `,
  )})`;

export const goalJson = (alias: string) => itemJson(goalFields(alias));
export const taskJson = (alias: string, day: Day) => itemJson(taskFields(alias, day));
export const habitJson = (alias: string, day: Day) => itemJson(habitFields(alias, day));

/** The keys a list is ordered by: API field names, ascending (nulls last, PostgreSQL's default). */
type ListOrder = Array<'goalId' | 'sortOrder' | 'todaySortOrder'>;

/**
 * A list of items as one JSON array (`[]` when empty): `from` is the rest of a select (from, joins,
 * where) over the fields' aliases. The order is `order`, then the creation time, then the id. The
 * creation time is compared as the ISO text the API shows, which sorts as the time does (fixed width,
 * compared byte by byte), so the list's order never needs a column the API does not carry.
 */
export function jsonList(fields: Fields, from: SQL, order: ListOrder): SQL {
  const columns = sql.join(
    fields.map(([name, value]) => sql`${value} as ${sql.identifier(name)}`),
    sql`, `,
  );
  const keys = [
    ...order.map((name) => sql.raw(`item."${name}"`)),
    sql.raw(`item."createdAt" collate "C"`),
    sql.raw('item.id'),
  ];
  return sql`(select coalesce(json_agg(item order by ${sql.join(keys, sql`, `)}), '[]'::json)
    from (select ${columns} ${from}) item)`;
}

/** JSON text of a known shape, as the database wrote it: sent to the client untouched. */
export type JsonText<T> = string & { readonly __shape?: T };
