import { sql } from 'drizzle-orm';
import { type Db, executeRows } from '../../db/client';

/*
 * Room right under one task (docs/product.md#positions), for a task created `after` it: the task's
 * positions, and the items listed after it moved down by one. Every statement names the owner, so an
 * id of another person's task finds nothing and moves nothing.
 */

/** Where a task stands: its list and position there, and its Today position when it counts on Today. */
export type Anchor = {
  goalId: string | null;
  sortOrder: number;
  /** null when it is neither on Today nor planned: the same tasks maxPosition counts for Today. */
  todaySortOrder: number | null;
};

export async function findAnchor(db: Db, userId: string, taskId: string): Promise<Anchor | undefined> {
  const [row] = await executeRows<Anchor>(
    db,
    sql`select goal_id as "goalId", sort_order as "sortOrder",
      case when is_today or planned_for is not null then today_sort_order end as "todaySortOrder"
    from tasks where user_id = ${userId} and id = ${taskId}`,
  );
  return row;
}

/*
 * "After it" is the lists' own order: by position, then creation time, then id (db/api-json.ts
 * jsonList), so a task sharing the anchor's position but listed below it moves down too. The anchor is
 * read inside each statement (`a`), so its creation time is compared at the database's precision.
 */
const listedAfter = (position: string) =>
  sql`(t.${sql.raw(position)} > a.${sql.raw(position)} or (t.${sql.raw(position)} = a.${sql.raw(position)}
    and (t.created_at, t.id) > (a.created_at, a.id)))`;

/** Moves the tasks listed after `taskId` in its own list (its goal's, or the todos) down by one. */
export async function shiftListAfter(db: Db, userId: string, taskId: string): Promise<void> {
  await db.execute(
    sql`update tasks t set sort_order = t.sort_order + 1, updated_at = now()
    from tasks a where a.user_id = ${userId} and a.id = ${taskId}
      and t.user_id = ${userId} and t.goal_id is not distinct from a.goal_id and ${listedAfter('sort_order')}`,
  );
}

/**
 * Moves the Today items after `taskId` down by one: tasks on Today or planned (as the Today maximum
 * counts them), and habits on Today, which a tie puts after the tasks (the client's mergeTodayItems).
 */
export async function shiftTodayAfter(db: Db, userId: string, taskId: string): Promise<void> {
  await db.execute(
    sql`update tasks t set today_sort_order = t.today_sort_order + 1, updated_at = now()
    from tasks a where a.user_id = ${userId} and a.id = ${taskId}
      and t.user_id = ${userId} and (t.is_today or t.planned_for is not null)
      and ${listedAfter('today_sort_order')}`,
  );
  await db.execute(
    sql`update habits h set today_sort_order = h.today_sort_order + 1, updated_at = now()
    from tasks a where a.user_id = ${userId} and a.id = ${taskId}
      and h.user_id = ${userId} and h.is_today and h.today_sort_order >= a.today_sort_order`,
  );
}
