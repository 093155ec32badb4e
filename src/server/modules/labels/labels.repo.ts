import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, executeRows } from '../../db/client';
import { tasks } from '../../db/schema';

/*
 * The tasks' labels as the person's labels read them (docs/decisions/051-labels.md). Which task carries
 * a label is decided in JavaScript by labelKey (src/shared/domain/labels.ts), not by SQL's lower(): the
 * two disagree on some letters ("İ"), and a second rule would let a rename miss a task its list counts.
 */

export type TaskLabels = { id: string; labels: string[] };

/** The person's tasks that carry any label, done ones too, the oldest first (the list's spelling rule). */
export function labelledTasks(db: Db, userId: string): Promise<TaskLabels[]> {
  return db
    .select({ id: tasks.id, labels: tasks.labels })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), sql`${tasks.labels} <> '{}'`))
    .orderBy(asc(tasks.createdAt), asc(tasks.id));
}

/**
 * Writes each task's new labels in one statement, whatever their number: one JSON parameter rather than
 * a parameter per label, which 10,000 tasks would take past PostgreSQL's 65,535. `updated_at` moves
 * with them, as the calendar feed's stamp reads it.
 */
export async function writeLabels(db: Db, userId: string, changes: readonly TaskLabels[]): Promise<number> {
  if (changes.length === 0) return 0;
  const rows = await executeRows<{ id: string }>(
    db,
    sql`update ${tasks} set labels = v.labels, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as v(id uuid, labels text[])
    where ${tasks.userId} = ${userId} and ${tasks.id} = v.id
    returning ${tasks.id} as id`,
  );
  return rows.length;
}
