import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * A `(VALUES (id, order), ...)` list so a reorder rewrites every position in one UPDATE ... FROM
 * statement instead of one round trip per item.
 */
export function sortValues(items: ReadonlyArray<{ id: string; order: number }>): SQL {
  const rows = items.map((item) => sql`(${item.id}::uuid, ${item.order}::integer)`);
  return sql`(values ${sql.join(rows, sql`, `)})`;
}

/**
 * Runs a raw statement and returns its rows. Both drivers answer `{ rows }`; the shared Db type
 * cannot know that, so the one cast lives here.
 */
export async function executeRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
