import { sql } from 'drizzle-orm';
import { type Db, executeRows } from '../../db/client';
import { habitCompletions, habits, taskCompletions, tasks } from '../../db/schema';

/*
 * Completion history of daily items (docs/product.md#completion-and-days): one row per item and local
 * day in habit_completions or task_completions (tasks of habit goals). The item's completion_count
 * and last_completed_day are kept from that history in the same statement, so they never disagree.
 */

export type CompletionTarget = { kind: 'habit' | 'task'; id: string };

const TABLES = {
  habit: { items: habits, history: habitCompletions, itemColumn: habitCompletions.habitId },
  task: { items: tasks, history: taskCompletions, itemColumn: taskCompletions.taskId },
} as const;

/** Records `day` as done; answers false when it already was (nothing changes then). */
export async function addCompletion(
  db: Db,
  userId: string,
  target: CompletionTarget,
  day: string,
): Promise<boolean> {
  const { items, history, itemColumn } = TABLES[target.kind];
  const rows = await executeRows<{ id: string }>(
    db,
    sql`with added as (
      insert into ${history} (user_id, ${sql.identifier(itemColumn.name)}, day)
      values (${userId}, ${target.id}, ${day}::date)
      on conflict do nothing
      returning day
    )
    update ${items}
    set completion_count = completion_count + 1,
        last_completed_day = greatest(last_completed_day, ${day}::date)
    where user_id = ${userId} and id = ${target.id} and exists (select 1 from added)
    returning id`,
  );
  return rows.length > 0;
}

/** Removes `day` only; the last day falls back to the latest one left. False when it was not done. */
export async function removeCompletion(
  db: Db,
  userId: string,
  target: CompletionTarget,
  day: string,
): Promise<boolean> {
  const { items, history, itemColumn } = TABLES[target.kind];
  const item = sql.identifier(itemColumn.name);
  // The outer statement sees the history as it was before the delete, hence `day <> the day`.
  const rows = await executeRows<{ id: string }>(
    db,
    sql`with removed as (
      delete from ${history}
      where user_id = ${userId} and ${item} = ${target.id} and day = ${day}::date
      returning day
    )
    update ${items}
    set completion_count = completion_count - 1,
        last_completed_day = (
          select max(day) from ${history}
          where user_id = ${userId} and ${item} = ${target.id} and day <> ${day}::date
        )
    where user_id = ${userId} and id = ${target.id} and exists (select 1 from removed)
    returning id`,
  );
  return rows.length > 0;
}
