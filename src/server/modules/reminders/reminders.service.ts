import { type ReminderMessage, SNOOZE_MINUTES } from '#shared/api/reminders';
import { addDays, dayAt } from '#shared/domain/days';
import { type Db, inTransaction } from '../../db/client';
import { notFound } from '../../errors';
import { pushTopic, subscriptionsOf } from '../push/push.service';
import { doneOn, type ItemFacts, nextReminder, type Occurrence, type Person } from './next-reminder';
import {
  cancelDeliveries,
  claimDueReminders,
  deleteReminder,
  findHabitFacts,
  findPerson,
  findReminder,
  findTaskFacts,
  type ItemKind,
  insertDeliveries,
  listReminderItems,
  mayBeReminded,
  saveReminder,
  type Titled,
  waitingDeliveryDays,
} from './reminders.repo';

/*
 * Keeping each item's next reminder in the database, and claiming the due ones
 * (docs/product.md#reminders, docs/decisions/032-push-reminders.md).
 */

/** A reminder is sent at most this late; one due longer ago (every instance was down) is dropped. */
export const LATE_LIMIT_MS = 60 * 60 * 1000;
/**
 * A write recomputing a reminder keeps one due this recently that no worker has sent yet: the workers
 * run every 10 s (at most 30 s, `REMINDER_ROUND_MS`), so a reminder is sent within a minute of its moment.
 */
export const SEND_WINDOW_MS = 60 * 1000;

export type { ItemKind };

type Loaded = { person: Person; facts: ItemFacts & Titled };

async function load(
  db: Db,
  userId: string,
  kind: ItemKind,
  id: string,
  now: Date,
): Promise<Loaded | undefined> {
  const person = await findPerson(db, userId);
  if (!person) return undefined;
  // "N times a week" counts the week of the first day looked at, which starts at most a day back.
  const since = addDays(dayAt(now, person.timeZone, person.dayStartHour), -9);
  const facts =
    kind === 'task' ? await findTaskFacts(db, userId, id) : await findHabitFacts(db, userId, id, since);
  return facts ? { person, facts } : undefined;
}

/**
 * Recomputes one item's next reminder after a write (a create, an edit, a tick, a delete), and drops
 * its deliveries still waiting for a day that is now done or no longer reminded.
 */
export async function rescheduleItem(
  db: Db,
  userId: string,
  kind: ItemKind,
  id: string,
  now: Date,
): Promise<void> {
  // Most writes are to items with no reminder time and no reminder row: one statement tells, instead of
  // a transaction of four reads (most of a tick's statements, bench/notes/footprint.md). Skipping is
  // safe: a write that gives the item a time recomputes after it commits, and sees every earlier commit.
  if (!(await mayBeReminded(db, userId, kind, id))) return;
  await inTransaction(db, async (tx) => {
    const row = await findReminder(tx, userId, kind, id);
    const loaded = await load(tx, userId, kind, id, now);
    if (!loaded || loaded.facts.remindAt === null) {
      // Without a row there is nothing waiting either (the row goes last): most writes end here.
      if (!row) return;
      await cancelDeliveries(tx, userId, kind, id);
      await deleteReminder(tx, userId, kind, id);
      return;
    }
    const waiting = await waitingDeliveryDays(tx, userId, kind, id);
    const done = waiting.filter((day) => doneOn(loaded.facts, day));
    if (done.length > 0) await cancelDeliveries(tx, userId, kind, id, done);
    const next = nextReminder(loaded.facts, loaded.person, {
      from: new Date(now.getTime() - SEND_WINDOW_MS),
      after: row?.firedAt ?? null,
    });
    if (!row && !next) return;
    await saveReminder(tx, userId, kind, id, { dueAt: next?.at ?? null, firedAt: row?.firedAt ?? null });
  });
}

/** Recomputes every reminder of the person: their zone or the hour their day starts changed, or an import. */
export async function reschedulePerson(db: Db, userId: string, now: Date): Promise<void> {
  for (const { kind, id } of await listReminderItems(db, userId))
    await rescheduleItem(db, userId, kind, id, now);
}

/** What a reminder's push says (docs/product.md#reminders): one tag per item, so a repeat replaces the last. */
export function reminderPayload(kind: ItemKind, id: string, facts: Titled, occurrence: Occurrence): string {
  return JSON.stringify({
    type: 'reminder',
    kind,
    id,
    title: facts.title,
    goal: facts.goalTitle,
    tag: `stride-reminder-${kind}-${id}`,
    day: occurrence.day,
    at: occurrence.at.toISOString(),
    tick: facts.daily ? 'completedToday' : 'completed',
  } satisfies ReminderMessage);
}

/** One delivery of `payload` per subscription of the person, tried first at `at`. */
async function queueToEveryDevice(
  db: Db,
  userId: string,
  kind: ItemKind,
  id: string,
  occurrence: Occurrence,
  payload: string,
  at: Date,
): Promise<void> {
  const subscriptions = await subscriptionsOf(db, userId);
  await insertDeliveries(
    db,
    userId,
    subscriptions.map((subscription) => ({
      subscriptionId: subscription.id,
      itemKind: kind,
      itemId: id,
      day: occurrence.day,
      payload,
      topic: pushTopic(`${kind}:${id}`),
      nextAttemptAt: at,
      expiresAt: new Date(occurrence.at.getTime() + LATE_LIMIT_MS),
    })),
  );
}

/**
 * "Snooze 10 min" on a reminder's notification (docs/product.md#reminders): the item's reminder again
 * in SNOOZE_MINUTES on every device switched on, as deliveries waiting for that moment, for the
 * person's day now. A tick meanwhile drops them (rescheduleItem), as it drops any waiting for a day
 * done; an item already done for the day is not snoozed. Another person's item is a 404.
 */
export async function snoozeReminder(
  db: Db,
  userId: string,
  kind: ItemKind,
  id: string,
  now: Date,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const loaded = await load(tx, userId, kind, id, now);
    if (!loaded) throw notFound(kind === 'task' ? 'Task' : 'Habit');
    const { facts, person } = loaded;
    const day = dayAt(now, person.timeZone, person.dayStartHour);
    if (doneOn(facts, day)) return;
    const at = new Date(now.getTime() + SNOOZE_MINUTES * 60_000);
    const occurrence = { day, at };
    await queueToEveryDevice(
      tx,
      userId,
      kind,
      id,
      occurrence,
      reminderPayload(kind, id, facts, occurrence),
      at,
    );
  });
}

/**
 * Claims up to `limit` due reminders of anyone and, in the same transaction, queues one delivery per
 * subscription of each and moves it to its next moment. Checked against the item as it is now: an item
 * gone, done for the day or given another time is not sent; a moment more than an hour past is
 * dropped. Answers how many reminders were claimed.
 */
export async function queueDueReminders(db: Db, now: Date, limit: number): Promise<number> {
  return inTransaction(db, async (tx) => {
    const due = await claimDueReminders(tx, now, limit);
    for (const row of due) {
      const loaded = await load(tx, row.userId, row.itemKind, row.itemId, now);
      if (!loaded) {
        await deleteReminder(tx, row.userId, row.itemKind, row.itemId);
        continue;
      }
      const { facts, person } = loaded;
      const current = nextReminder(facts, person, {
        from: new Date(now.getTime() - LATE_LIMIT_MS),
        after: row.firedAt,
      });
      if (current === null || current.at > now) {
        await saveReminder(tx, row.userId, row.itemKind, row.itemId, {
          dueAt: current?.at ?? null,
          firedAt: row.firedAt,
        });
        continue;
      }
      const payload = reminderPayload(row.itemKind, row.itemId, facts, current);
      await queueToEveryDevice(tx, row.userId, row.itemKind, row.itemId, current, payload, now);
      const next = nextReminder(facts, person, { from: current.at, after: current.at });
      await saveReminder(tx, row.userId, row.itemKind, row.itemId, {
        dueAt: next?.at ?? null,
        firedAt: current.at,
      });
    }
    return due.length;
  });
}
