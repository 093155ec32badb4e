import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, executeRows } from '../../db/client';
import {
  goals,
  habitCompletions,
  habits,
  importJournals,
  taskCompletions,
  tasks,
  users,
} from '../../db/schema';

/*
 * The queries behind export, import and deleting an account (docs/decisions/016-account-data.md).
 * Every one is scoped to the person; the import's inserts name the person's id on every row.
 */

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table. */
const INSERT_CHUNK = 1_000;

/**
 * `rows` INSERT_CHUNK at a time, taken from the iterable as each part is asked for: an import's
 * 500,000 completed days made into rows all at once held the event loop 0.3-0.45 s.
 */
function* chunks<T>(rows: Iterable<T>): Generator<T[]> {
  let part: T[] = [];
  for (const row of rows) {
    part.push(row);
    if (part.length === INSERT_CHUNK) {
      yield part;
      part = [];
    }
  }
  if (part.length > 0) yield part;
}

export async function findUser(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export function findGoals(db: Db, userId: string) {
  return db.select().from(goals).where(eq(goals.userId, userId)).orderBy(asc(goals.sortOrder), asc(goals.id));
}

/** Tasks list by list: each goal's, in goal order, then the standalone todos. */
export function findTasks(db: Db, userId: string) {
  return db
    .select({ task: tasks })
    .from(tasks)
    .leftJoin(goals, and(eq(goals.userId, tasks.userId), eq(goals.id, tasks.goalId)))
    .where(eq(tasks.userId, userId))
    .orderBy(sql`${goals.sortOrder} asc nulls last`, asc(tasks.sortOrder), asc(tasks.id))
    .then((rows) => rows.map((row) => row.task));
}

export function findHabits(db: Db, userId: string) {
  return db
    .select()
    .from(habits)
    .where(eq(habits.userId, userId))
    .orderBy(asc(habits.sortOrder), asc(habits.id));
}

export type CompletedDays = Map<string, string[]>;

/**
 * Completed days read per statement, at most. An account may hold millions (each import adds up to
 * 500,000), and one statement reading them all ran at 1.0-1.4 s of PostgreSQL's 2 s statement timeout,
 * and past it beside other exports.
 */
export const COMPLETED_DAYS_PAGE = 20_000;

/**
 * Makes the rest of this transaction read one snapshot, and write nothing: the export's statements
 * then agree with each other however many pages they read. First statement of the transaction.
 */
export async function readOneSnapshot(db: Db): Promise<void> {
  await db.execute(sql`set transaction isolation level repeatable read, read only`);
}

/**
 * Takes the person's export lock for the rest of the transaction, if no other export holds it, on any
 * instance: answers whether it did. Its key is the person's id hashed with another seed than their
 * write lock's (db/client.ts), so an export never waits for their writes, nor they for it.
 */
export async function tryLockExport(db: Db, userId: string): Promise<boolean> {
  const [row] = await executeRows<{ locked: boolean }>(
    db,
    sql`select pg_try_advisory_xact_lock(hashtextextended(${userId}, 34)) as "locked"`,
  );
  return row?.locked === true;
}

/** How many completed days each of the person's habits (or tasks) has, by item id: counted on the index. */
function countCompletedDays(db: Db, userId: string, kind: 'habit' | 'task') {
  const table = kind === 'habit' ? habitCompletions : taskCompletions;
  const item = kind === 'habit' ? habitCompletions.habitId : taskCompletions.taskId;
  return executeRows<{ id: string; count: number }>(
    db,
    sql`select ${item} as id, count(*)::int as count from ${table}
      where ${table.userId} = ${userId} group by ${item} order by ${item}`,
  );
}

/**
 * The completed days of some of the person's habits (or tasks), one row per item with its days joined
 * by commas: a row per day cost the drivers far more than the database (on PGlite, 5 s for 500,000 rows
 * that the database read in 0.7 s).
 */
function completedDaysOf(db: Db, userId: string, kind: 'habit' | 'task', ids: readonly string[]) {
  const table = kind === 'habit' ? habitCompletions : taskCompletions;
  const item = kind === 'habit' ? habitCompletions.habitId : taskCompletions.taskId;
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return executeRows<{ id: string; days: string }>(
    db,
    sql`select ${item} as id, string_agg(${table.day}::text, ',' order by ${table.day}) as days
      from ${table} where ${table.userId} = ${userId} and ${item} in (${list}) group by ${item}`,
  );
}

export type ItemDays = { id: string; count: number };

/** Items grouped so that each group holds at most `pageDays` completed days (or one item, if it has more). */
export function completedDayPages(counts: readonly ItemDays[], pageDays: number): string[][] {
  const pages: string[][] = [];
  let page: string[] = [];
  let days = 0;
  for (const { id, count } of counts) {
    if (page.length > 0 && days + count > pageDays) {
      pages.push(page);
      page = [];
      days = 0;
    }
    page.push(id);
    days += count;
  }
  if (page.length > 0) pages.push(page);
  return pages;
}

/** The completed days of some of the person's habits (or tasks), oldest first, into `byItem`. */
export async function readCompletedDays(
  db: Db,
  userId: string,
  kind: 'habit' | 'task',
  ids: readonly string[],
  byItem: CompletedDays,
): Promise<void> {
  for (const row of await completedDaysOf(db, userId, kind, ids)) byItem.set(row.id, row.days.split(','));
}

/**
 * Every completed day of the person's habits (or habit-goal tasks), oldest first, by item id. Read a
 * few items at a time, at most COMPLETED_DAYS_PAGE days per statement (an item has fewer than 10,000:
 * one a day since 2000), each found through the primary key (user, item, day). Pages along the key
 * itself (after this item and day) were planned without the table's statistics, which the embedded
 * database may not have after an import, as a scan of every later row, each time.
 */
export async function findCompletedDays(
  db: Db,
  userId: string,
  kind: 'habit' | 'task',
): Promise<CompletedDays> {
  const byItem: CompletedDays = new Map();
  const counts = await countCompletedDays(db, userId, kind);
  for (const ids of completedDayPages(counts, COMPLETED_DAYS_PAGE)) {
    await readCompletedDays(db, userId, kind, ids, byItem);
  }
  return byItem;
}

export type OwnedCounts = { goals: number; tasks: number; habits: number; completedDays: number };

/** How many goals, tasks, habits and completed days the person has, in one statement. */
export async function countOwned(db: Db, userId: string): Promise<OwnedCounts> {
  const [row] = await executeRows<OwnedCounts>(
    db,
    sql`select
      (select count(*)::int from ${goals} where ${goals.userId} = ${userId}) as "goals",
      (select count(*)::int from ${tasks} where ${tasks.userId} = ${userId}) as "tasks",
      (select count(*)::int from ${habits} where ${habits.userId} = ${userId}) as "habits",
      (select count(*)::int from ${habitCompletions} where ${habitCompletions.userId} = ${userId})
        + (select count(*)::int from ${taskCompletions} where ${taskCompletions.userId} = ${userId}) as "completedDays"`,
  );
  if (!row) throw new Error('count answered no row');
  return row;
}

const OWNED = { goals, tasks, habits } as const;

/** What an import needs of an item the person already has: for a task, its goal. */
export type ExistingItem = { goalId: string | null };

/** Which of `ids` the person already has among their goals, tasks or habits. */
export async function findExisting(
  db: Db,
  userId: string,
  kind: keyof typeof OWNED,
  ids: readonly string[],
): Promise<Map<string, ExistingItem>> {
  const table = OWNED[kind];
  const found = new Map<string, ExistingItem>();
  for (const part of chunks(ids)) {
    const rows = await db
      .select({
        id: table.id,
        goalId: kind === 'tasks' ? tasks.goalId : sql<string | null>`null`,
      })
      .from(table)
      .where(and(eq(table.userId, userId), inArray(table.id, part)));
    for (const row of rows) found.set(row.id, { goalId: row.goalId });
  }
  return found;
}

/** The person's goals among `ids`, with whether each is a habit goal. */
export async function findGoalKinds(db: Db, userId: string, ids: readonly string[]) {
  const kinds = new Map<string, boolean>();
  for (const part of chunks(ids)) {
    const rows = await db
      .select({ id: goals.id, isHabitGoal: goals.isHabitGoal })
      .from(goals)
      .where(and(eq(goals.userId, userId), inArray(goals.id, part)));
    for (const row of rows) kinds.set(row.id, row.isHabitGoal);
  }
  return kinds;
}

export async function insertGoals(db: Db, rows: Array<typeof goals.$inferInsert>): Promise<void> {
  for (const part of chunks(rows)) await db.insert(goals).values(part).onConflictDoNothing();
}

export async function insertTasks(db: Db, rows: Array<typeof tasks.$inferInsert>): Promise<void> {
  for (const part of chunks(rows)) await db.insert(tasks).values(part).onConflictDoNothing();
}

export async function insertHabits(db: Db, rows: Array<typeof habits.$inferInsert>): Promise<void> {
  for (const part of chunks(rows)) await db.insert(habits).values(part).onConflictDoNothing();
}

export type CompletionRow = { id: string; day: string };

/** A Postgres array literal of uuids or dates (neither holds a comma, brace or quote). */
const arrayOf = (values: readonly string[]) => `{${values.join(',')}}`;

/**
 * Adds those of `rows` (at most a few thousand) the person does not have yet, for items they still
 * have, in one statement: the days go as two array parameters, which cost the drivers a fraction of a
 * parameter per value (on the embedded database, 30 ms for 1,000 rows instead of 80-350 ms). Answers
 * the items that got days, once for each day added.
 */
export async function insertCompletedDays(
  db: Db,
  userId: string,
  kind: 'habit' | 'task',
  rows: readonly CompletionRow[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const history = kind === 'habit' ? sql`habit_completions` : sql`task_completions`;
  const items = kind === 'habit' ? sql`habits` : sql`tasks`;
  const column = kind === 'habit' ? sql`habit_id` : sql`task_id`;
  const added = await executeRows<{ id: string }>(
    db,
    sql`insert into ${history} (user_id, ${column}, day)
      select i.user_id, i.id, c.day
      from unnest(${arrayOf(rows.map((row) => row.id))}::uuid[], ${arrayOf(rows.map((row) => row.day))}::date[]) as c(id, day)
      join ${items} i on i.user_id = ${userId} and i.id = c.id
      on conflict do nothing
      returning ${column} as id`,
  );
  return added.map((row) => row.id);
}

/**
 * Below this many rows in the planner's figures, a history's plans may scan it whole: the statistics
 * of a young database describe a table of a few rows, for which a sequential scan is cheapest.
 */
const FEW_HISTORY_ROWS = 10_000;

/**
 * Gives the planner a history's true size when its figures still describe a small table, so the plans
 * kept for others' statements are made again (docs/decisions/037-fair-heavy-work.md). The embedded
 * database keeps a prepared statement's generic plan until the table's figures change, and nothing
 * else refreshes them while an import runs (no autovacuum; db/embedded-maintenance.ts counts writes by
 * request): an untick planned while habit_completions held a few rows scanned all of it, up to 0.6 s
 * a call by the end of an import at the limits. Called after the import's first statement into the
 * history, while the table is small enough to vacuum in milliseconds. A VACUUM, not an ANALYZE: it
 * renews the table's size and nothing else, where an ANALYZE of the import's first thousand days
 * would say they all belong to one item, and the recount of that item was then planned as a scan of
 * the whole table (0.4 s).
 */
export async function refreshHistorySize(db: Db, kind: 'habit' | 'task'): Promise<void> {
  const history = kind === 'habit' ? 'habit_completions' : 'task_completions';
  const [row] = await executeRows<{ rows: number }>(
    db,
    sql`select reltuples::float8 as "rows" from pg_class where oid = ${history}::regclass`,
  );
  if (row && row.rows >= FEW_HISTORY_ROWS) return;
  await db.execute(sql.raw(`vacuum ${history}`));
}

/**
 * Brings the counters of some of the person's habits (or tasks) in line with their whole history
 * (docs/product.md#completion-and-days).
 */
export async function recountCompletedDays(
  db: Db,
  userId: string,
  kind: 'habit' | 'task',
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  const history = kind === 'habit' ? sql`habit_completions` : sql`task_completions`;
  const items = kind === 'habit' ? sql`habits` : sql`tasks`;
  const column = kind === 'habit' ? sql`habit_id` : sql`task_id`;
  await db.execute(sql`update ${items} i set
      completion_count = (select count(*)::int from ${history} c where c.user_id = i.user_id and c.${column} = i.id),
      last_completed_day = (select max(c.day) from ${history} c where c.user_id = i.user_id and c.${column} = i.id),
      updated_at = now()
    where i.user_id = ${userId} and i.id = any(${arrayOf(ids)}::uuid[])`);
}

/**
 * Adds completed days the person does not have yet and brings the counters of the items that got any
 * in line with their whole history, INSERT_CHUNK at a time. Answers how many days were added.
 */
export async function addCompletedDays(
  db: Db,
  userId: string,
  kind: 'habit' | 'task',
  rows: Iterable<CompletionRow>,
): Promise<number> {
  const added: string[] = [];
  for (const part of chunks(rows)) added.push(...(await insertCompletedDays(db, userId, kind, part)));
  for (const part of chunks([...new Set(added)])) await recountCompletedDays(db, userId, kind, part);
  return added.length;
}

/** The import journals the server left unfinished (db/schema.ts, importJournals): all people's, at start. */
export function findImportJournals(db: Db) {
  return db.select().from(importJournals);
}

/**
 * Records what an import has still to add (db/schema.ts, importJournals); answers the journal's id.
 * Its transaction's commit waits until it is on disk: the embedded database otherwise commits without
 * waiting (db/pglite-durability.ts), and a server killed meanwhile would come back with half an import
 * it had already let the person see.
 */
export async function insertImportJournal(
  db: Db,
  userId: string,
  journal: { days: string; today: string; dailyTasks: string },
): Promise<string> {
  await db.execute(sql`set local synchronous_commit = on`);
  const [row] = await db
    .insert(importJournals)
    .values({ userId, ...journal })
    .returning({ id: importJournals.id });
  if (!row) throw new Error('the import journal answered no row');
  return row.id;
}

export async function deleteImportJournal(db: Db, userId: string, id: string): Promise<void> {
  await db.delete(importJournals).where(and(eq(importJournals.userId, userId), eq(importJournals.id, id)));
}

/**
 * Deletes the person: their sessions, goals, tasks, habits and completion history go with the row
 * (every owned table references users or an owned item with ON DELETE CASCADE, db/schema.ts).
 */
export async function deleteUser(db: Db, userId: string): Promise<boolean> {
  const deleted = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return deleted.length > 0;
}
