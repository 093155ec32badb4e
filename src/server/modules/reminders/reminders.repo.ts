import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/client';
import {
  goals,
  habitCompletions,
  habits,
  pushDeliveries,
  pushSubscriptions,
  reminders,
  tasks,
  users,
} from '../../db/schema';
import type { HabitFacts, Person, TaskFacts } from './next-reminder';

/*
 * Reminders and their deliveries (docs/decisions/032-push-reminders.md). The workers' claims are the
 * one place with no owner to filter by: they take due rows of everyone, as the session lookup takes a
 * session by its secret (docs/architecture.md#layers-and-import-rules). Everything else is per person.
 */

export type ItemKind = 'task' | 'habit';

export async function findPerson(db: Db, userId: string): Promise<Person | undefined> {
  const [row] = await db
    .select({ timeZone: users.timeZone, dayStartHour: users.dayStartHour })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** What a reminder's message names: the item's title, its goal's, and whether it is ticked per day. */
export type Titled = { title: string; goalTitle: string | null; daily: boolean };

export async function findTaskFacts(
  db: Db,
  userId: string,
  id: string,
): Promise<(TaskFacts & Titled) | undefined> {
  const [row] = await db
    .select({
      title: tasks.title,
      goalTitle: goals.title,
      inHabitGoal: goals.isHabitGoal,
      remindAt: tasks.remindAt,
      plannedFor: tasks.plannedFor,
      repeat: tasks.repeat,
      repeatStart: tasks.repeatStart,
      completed: tasks.completed,
      lastCompletedDay: tasks.lastCompletedDay,
    })
    .from(tasks)
    .leftJoin(goals, and(eq(goals.userId, tasks.userId), eq(goals.id, tasks.goalId)))
    .where(and(eq(tasks.userId, userId), eq(tasks.id, id)));
  if (!row) return undefined;
  const { inHabitGoal, ...facts } = row;
  return { kind: 'task', ...facts, daily: inHabitGoal === true };
}

/** A habit and the days it was done from `since` on. */
export async function findHabitFacts(
  db: Db,
  userId: string,
  id: string,
  since: string,
): Promise<(HabitFacts & Titled) | undefined> {
  const [row] = await db
    .select({
      title: habits.title,
      remindAt: habits.remindAt,
      repeat: habits.repeat,
      repeatStart: habits.repeatStart,
      timesPerWeek: habits.timesPerWeek,
    })
    .from(habits)
    .where(and(eq(habits.userId, userId), eq(habits.id, id)));
  if (!row) return undefined;
  const days = await db
    .select({ day: habitCompletions.day })
    .from(habitCompletions)
    .where(
      and(
        eq(habitCompletions.userId, userId),
        eq(habitCompletions.habitId, id),
        gte(habitCompletions.day, since),
      ),
    );
  return { kind: 'habit', ...row, goalTitle: null, daily: true, doneDays: new Set(days.map((d) => d.day)) };
}

/** The person's items that have a reminder time or a reminder row: what a change of their day rules moves. */
export async function listReminderItems(
  db: Db,
  userId: string,
): Promise<Array<{ kind: ItemKind; id: string }>> {
  const [taskRows, habitRows, rows] = [
    await db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.userId, userId), isNotNull(tasks.remindAt))),
    await db
      .select({ id: habits.id })
      .from(habits)
      .where(and(eq(habits.userId, userId), isNotNull(habits.remindAt))),
    await db
      .select({ kind: reminders.itemKind, id: reminders.itemId })
      .from(reminders)
      .where(eq(reminders.userId, userId)),
  ];
  const items = new Map<string, { kind: ItemKind; id: string }>();
  for (const { id } of taskRows) items.set(`task:${id}`, { kind: 'task', id });
  for (const { id } of habitRows) items.set(`habit:${id}`, { kind: 'habit', id });
  for (const { kind, id } of rows) items.set(`${kind}:${id}`, { kind: kind as ItemKind, id });
  return [...items.values()];
}

/**
 * Whether the item has a reminder time or a reminder row, in one statement: without either, a write's
 * recompute has nothing to do (reminders.service.ts).
 */
export async function mayBeReminded(db: Db, userId: string, kind: ItemKind, id: string): Promise<boolean> {
  const timed =
    kind === 'task'
      ? db
          .select({ one: sql<number>`1` })
          .from(tasks)
          .where(and(eq(tasks.userId, userId), eq(tasks.id, id), isNotNull(tasks.remindAt)))
      : db
          .select({ one: sql<number>`1` })
          .from(habits)
          .where(and(eq(habits.userId, userId), eq(habits.id, id), isNotNull(habits.remindAt)));
  const found = await timed
    .unionAll(
      db
        .select({ one: sql<number>`1` })
        .from(reminders)
        .where(and(eq(reminders.userId, userId), eq(reminders.itemKind, kind), eq(reminders.itemId, id))),
    )
    .limit(1);
  return found.length > 0;
}

export type ReminderRow = {
  userId: string;
  itemKind: ItemKind;
  itemId: string;
  dueAt: Date | null;
  firedAt: Date | null;
};

export async function findReminder(
  db: Db,
  userId: string,
  kind: ItemKind,
  id: string,
): Promise<ReminderRow | undefined> {
  const [row] = await db
    .select()
    .from(reminders)
    .where(and(eq(reminders.userId, userId), eq(reminders.itemKind, kind), eq(reminders.itemId, id)));
  return row as ReminderRow | undefined;
}

export async function saveReminder(
  db: Db,
  userId: string,
  kind: ItemKind,
  id: string,
  values: { dueAt: Date | null; firedAt: Date | null },
): Promise<void> {
  await db
    .insert(reminders)
    .values({ userId, itemKind: kind, itemId: id, ...values })
    .onConflictDoUpdate({ target: [reminders.userId, reminders.itemKind, reminders.itemId], set: values });
}

export async function deleteReminder(db: Db, userId: string, kind: ItemKind, id: string): Promise<void> {
  await db
    .delete(reminders)
    .where(and(eq(reminders.userId, userId), eq(reminders.itemKind, kind), eq(reminders.itemId, id)));
}

/** Due reminders of anyone, locked for this transaction; rows another instance holds are skipped. */
export async function claimDueReminders(db: Db, now: Date, limit: number): Promise<ReminderRow[]> {
  const rows = await db
    .select()
    .from(reminders)
    .where(and(isNotNull(reminders.dueAt), lte(reminders.dueAt, now)))
    .orderBy(asc(reminders.dueAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows as ReminderRow[];
}

export type NewDelivery = {
  subscriptionId: string;
  itemKind: ItemKind;
  itemId: string;
  day: string;
  payload: string;
  topic: string;
  nextAttemptAt: Date;
  expiresAt: Date;
};

export async function insertDeliveries(db: Db, userId: string, rows: NewDelivery[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(pushDeliveries).values(rows.map((row) => ({ userId, ...row })));
}

/** Drops the item's deliveries still waiting: all of them, or those for the given days. */
export async function cancelDeliveries(
  db: Db,
  userId: string,
  kind: ItemKind,
  id: string,
  days?: string[],
): Promise<void> {
  await db
    .delete(pushDeliveries)
    .where(
      and(
        eq(pushDeliveries.userId, userId),
        eq(pushDeliveries.itemKind, kind),
        eq(pushDeliveries.itemId, id),
        days ? inArray(pushDeliveries.day, days.length > 0 ? days : ['']) : undefined,
      ),
    );
}

export async function waitingDeliveryDays(
  db: Db,
  userId: string,
  kind: ItemKind,
  id: string,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ day: pushDeliveries.day })
    .from(pushDeliveries)
    .where(
      and(
        eq(pushDeliveries.userId, userId),
        eq(pushDeliveries.itemKind, kind),
        eq(pushDeliveries.itemId, id),
      ),
    );
  return rows.map((row) => row.day);
}

export type ClaimedDelivery = {
  userId: string;
  id: string;
  subscriptionId: string;
  payload: string;
  topic: string;
  attempts: number;
  expiresAt: Date;
  endpoint: string;
  p256dh: string;
  auth: string;
};

/**
 * Deliveries due to be tried, leased to this worker until `leaseUntil` (and counted as an attempt), in
 * one short transaction: no lock is held while a push service is asked.
 */
export async function leaseDeliveries(
  db: Db,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ClaimedDelivery[]> {
  return inTransaction(db, async (tx) => {
    const due = await tx
      .select({ userId: pushDeliveries.userId, id: pushDeliveries.id })
      .from(pushDeliveries)
      .where(
        and(
          lte(pushDeliveries.nextAttemptAt, now),
          or(isNull(pushDeliveries.lockedUntil), lte(pushDeliveries.lockedUntil, now)),
        ),
      )
      .orderBy(asc(pushDeliveries.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const keys = due.map((row) => sql`(${row.userId}::uuid, ${row.id}::uuid)`);
    await tx
      .update(pushDeliveries)
      .set({ lockedUntil: leaseUntil, attempts: sql`${pushDeliveries.attempts} + 1` })
      .where(sql`(${pushDeliveries.userId}, ${pushDeliveries.id}) in (${sql.join(keys, sql`, `)})`);
    return tx
      .select({
        userId: pushDeliveries.userId,
        id: pushDeliveries.id,
        subscriptionId: pushDeliveries.subscriptionId,
        payload: pushDeliveries.payload,
        topic: pushDeliveries.topic,
        attempts: pushDeliveries.attempts,
        expiresAt: pushDeliveries.expiresAt,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushDeliveries)
      .innerJoin(
        pushSubscriptions,
        and(
          eq(pushSubscriptions.userId, pushDeliveries.userId),
          eq(pushSubscriptions.id, pushDeliveries.subscriptionId),
        ),
      )
      .where(sql`(${pushDeliveries.userId}, ${pushDeliveries.id}) in (${sql.join(keys, sql`, `)})`);
  });
}

export async function deleteDelivery(db: Db, userId: string, id: string): Promise<void> {
  await db.delete(pushDeliveries).where(and(eq(pushDeliveries.userId, userId), eq(pushDeliveries.id, id)));
}

export async function retryDeliveryAt(db: Db, userId: string, id: string, at: Date): Promise<void> {
  await db
    .update(pushDeliveries)
    .set({ nextAttemptAt: at, lockedUntil: null })
    .where(and(eq(pushDeliveries.userId, userId), eq(pushDeliveries.id, id)));
}
