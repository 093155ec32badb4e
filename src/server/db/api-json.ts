import { type Placeholder, type SQL, sql } from 'drizzle-orm';

/*
 * The API's items (Goal, Task, Habit in src/shared/api) written as JSON by the database itself: the one
 * place where a stored row becomes what the API answers. Lists leave the database as one JSON text that
 * the server sends as it is; single items come back parsed. Measured on GET /api/today: the server's
 * CPU per request fell from 1.2 ms to 0.7 ms against parsing rows and serialising them again in
 * JavaScript (docs/decisions/013-api-cost.md). tests/server/answer-shapes.test.ts checks every answer
 * against its shared schema, extra keys included.
 *
 * Colours need no fallback here: the goals_color_in_palette constraint keeps every stored one in the
 * palette (measured: the fallback was a quarter of the Today statement's time in PGlite).
 *
 * `alias` is the table's name or alias in the statement; `day` is the person's current day
 * (YYYY-MM-DD), decided by src/shared/domain/days.ts, never here: a value, or the placeholder of a
 * prepared statement (db/statements.ts).
 */

type Day = string | Placeholder;

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

export function goalJson(alias: string): SQL {
  return sql`json_build_object(
    'id', ${col(alias, 'id')}, 'title', ${col(alias, 'title')}, 'description', ${col(alias, 'description')},
    'color', ${col(alias, 'color')}, 'isHabitGoal', ${col(alias, 'is_habit_goal')},
    'archived', ${col(alias, 'archived')}, 'sortOrder', ${col(alias, 'sort_order')},
    'createdAt', ${isoTime(col(alias, 'created_at'))})`;
}

/**
 * A Task; `inHabitGoal` may come from a join the statement already has, and `extra` adds fields (a
 * Today task's goal).
 */
export function taskJson(alias: string, day: Day, options: { inHabitGoal?: SQL; extra?: SQL } = {}): SQL {
  const inHabitGoal = options.inHabitGoal ?? taskInHabitGoal(alias);
  return sql`json_build_object(
    'id', ${col(alias, 'id')}, 'title', ${col(alias, 'title')}, 'goalId', ${col(alias, 'goal_id')},
    'completed', ${col(alias, 'completed')}, 'completedToday', (${inHabitGoal}) and ${doneOn(alias, day)},
    'completionCount', ${col(alias, 'completion_count')}, 'isToday', ${col(alias, 'is_today')},
    'todaySortOrder', ${col(alias, 'today_sort_order')}, 'sortOrder', ${col(alias, 'sort_order')},
    'createdAt', ${isoTime(col(alias, 'created_at'))}${options.extra ? sql`, ${options.extra}` : sql``})`;
}

export function habitJson(alias: string, day: Day): SQL {
  return sql`json_build_object(
    'id', ${col(alias, 'id')}, 'title', ${col(alias, 'title')}, 'isToday', ${col(alias, 'is_today')},
    'completedToday', ${doneOn(alias, day)}, 'completionCount', ${col(alias, 'completion_count')},
    'todaySortOrder', ${col(alias, 'today_sort_order')}, 'sortOrder', ${col(alias, 'sort_order')},
    'createdAt', ${isoTime(col(alias, 'created_at'))})`;
}

/** The goal summary a Today task carries, or null for a standalone todo (`alias`: a left-joined goal). */
export function goalSummaryJson(alias: string): SQL {
  return sql`case when ${col(alias, 'id')} is null then null else json_build_object(
    'id', ${col(alias, 'id')}, 'title', ${col(alias, 'title')}, 'color', ${col(alias, 'color')},
    'isHabitGoal', ${col(alias, 'is_habit_goal')}) end`;
}

/** `items` aggregated into one JSON array in `order`, `[]` when there are none. */
export const jsonArray = (items: SQL, order: SQL) =>
  sql`coalesce(json_agg(${items} order by ${order}), '[]'::json)`;

/** JSON text of a known shape, as the database wrote it: sent to the client untouched. */
export type JsonText<T> = string & { readonly __shape?: T };
