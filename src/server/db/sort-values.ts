import { type SQL, sql } from 'drizzle-orm';

/**
 * A `(VALUES (id, order), ...)` list so a reorder rewrites every position in one UPDATE ... FROM
 * statement instead of one round trip per item.
 */
export function sortValues(items: ReadonlyArray<{ id: string; order: number }>): SQL {
  const rows = items.map((item) => sql`(${item.id}::uuid, ${item.order}::integer)`);
  return sql`(values ${sql.join(rows, sql`, `)})`;
}
