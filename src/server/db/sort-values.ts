import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';
import type { goals, habits, tasks } from './schema';

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

type OrderedTable = typeof goals | typeof tasks | typeof habits;

/**
 * Writes the given positions into one order column of the user's rows in a single statement and
 * returns how many of the user's rows it touched, so a caller can tell a foreign or unknown id
 * (fewer rows than items) and roll its transaction back.
 */
export async function rewriteOrders<T extends OrderedTable>(
  db: Db,
  table: T,
  column: 'sortOrder' | (T extends typeof goals ? never : 'todaySortOrder'),
  userId: string,
  items: ReadonlyArray<{ id: string; order: number }>,
): Promise<number> {
  // SET takes a bare column name, not the table-qualified one drizzle writes for a column object.
  const target = sql.identifier(column === 'sortOrder' ? 'sort_order' : 'today_sort_order');
  const rows = await executeRows<{ id: string }>(
    db,
    sql`update ${table} set ${target} = v.position, updated_at = now()
    from ${sortValues(items)} as v(id, position)
    where ${table.userId} = ${userId} and ${table.id} = v.id
    returning ${table.id}`,
  );
  return rows.length;
}
