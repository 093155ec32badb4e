import { and, eq, inArray, isNull, max, type SQL, sql } from 'drizzle-orm';
import { type Db, executeRows } from '../../db/client';
import { goals, habits, tasks } from '../../db/schema';

/**
 * The ordered lists of one person (docs/product.md#positions): goals, habits, the tasks of one goal
 * (or the standalone todos, goalId null) by `sort_order`, and the Today list, which holds tasks and
 * habits together by `today_sort_order`.
 */
export type PositionList =
  | { kind: 'goals' }
  | { kind: 'habits' }
  | { kind: 'tasks'; goalId: string | null }
  | { kind: 'today' };

export type PositionedId = { id: string; position: number };
export type TodayPositionedId = PositionedId & { type: 'task' | 'habit' };

const taskListFilter = (goalId: string | null): SQL =>
  goalId === null ? (isNull(tasks.goalId) as SQL) : (eq(tasks.goalId, goalId) as SQL);

/** The highest position in the list, or null when it is empty. */
export async function maxPosition(db: Db, userId: string, list: PositionList): Promise<number | null> {
  if (list.kind === 'today') {
    const [row] = await executeRows<{ value: number | null }>(
      db,
      sql`select greatest(
        (select max(${tasks.todaySortOrder}) from ${tasks} where ${tasks.userId} = ${userId}
          and (${tasks.isToday} or ${tasks.plannedFor} is not null)),
        (select max(${habits.todaySortOrder}) from ${habits} where ${habits.userId} = ${userId} and ${habits.isToday})
      ) as value`,
    );
    return row?.value ?? null;
  }
  const [row] =
    list.kind === 'goals'
      ? await db
          .select({ value: max(goals.sortOrder) })
          .from(goals)
          .where(eq(goals.userId, userId))
      : list.kind === 'habits'
        ? await db
            .select({ value: max(habits.sortOrder) })
            .from(habits)
            .where(eq(habits.userId, userId))
        : await db
            .select({ value: max(tasks.sortOrder) })
            .from(tasks)
            .where(and(eq(tasks.userId, userId), taskListFilter(list.goalId)));
  return row?.value ?? null;
}

/** `(VALUES (id, position), ...)`, so a reorder is one UPDATE ... FROM instead of a statement per item. */
function positionValues(items: readonly PositionedId[]): SQL {
  const rows = items.map((item) => sql`(${item.id}::uuid, ${item.position}::integer)`);
  return sql`(values ${sql.join(rows, sql`, `)})`;
}

type OrderedTable = typeof goals | typeof tasks | typeof habits;

async function rewrite(
  db: Db,
  table: OrderedTable,
  column: 'sort_order' | 'today_sort_order',
  userId: string,
  items: readonly PositionedId[],
  extra?: SQL,
): Promise<string[]> {
  if (items.length === 0) return [];
  const rows = await executeRows<{ id: string }>(
    db,
    sql`update ${table} set ${sql.identifier(column)} = v.position, updated_at = now()
    from ${positionValues(items)} as v(id, position)
    where ${table.userId} = ${userId} and ${table.id} = v.id ${extra ? sql`and ${extra}` : sql``}
    returning ${table.id} as id`,
  );
  return rows.map((row) => row.id);
}

/**
 * Writes the given positions into the list in one statement per table and answers the ids it
 * rewrote: only the person's own rows that are in this list, so a caller can tell a foreign or
 * misplaced id (fewer ids than items) and roll its transaction back.
 */
export async function writePositions(
  db: Db,
  userId: string,
  list: Exclude<PositionList, { kind: 'today' }>,
  items: readonly PositionedId[],
): Promise<string[]> {
  if (list.kind === 'goals') return rewrite(db, goals, 'sort_order', userId, items);
  if (list.kind === 'habits') return rewrite(db, habits, 'sort_order', userId, items);
  return rewrite(db, tasks, 'sort_order', userId, items, taskListFilter(list.goalId));
}

export async function writeTodayPositions(
  db: Db,
  userId: string,
  items: readonly TodayPositionedId[],
): Promise<{ tasks: string[]; habits: string[] }> {
  return {
    tasks: await rewrite(
      db,
      tasks,
      'today_sort_order',
      userId,
      items.filter((item) => item.type === 'task'),
    ),
    habits: await rewrite(
      db,
      habits,
      'today_sort_order',
      userId,
      items.filter((item) => item.type === 'habit'),
    ),
  };
}

/** Which of these task ids the person owns, and the list each is in (to explain a refused reorder). */
export async function findTaskLists(
  db: Db,
  userId: string,
  taskIds: readonly string[],
): Promise<Array<{ id: string; goalId: string | null }>> {
  return db
    .select({ id: tasks.id, goalId: tasks.goalId })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), inArray(tasks.id, [...taskIds])));
}
