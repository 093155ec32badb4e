import type { Db } from '../../db/client';
import { type ItemKind, rescheduleItem, reschedulePerson } from './reminders.service';

/*
 * A reminder recompute that failed after its write committed (docs/decisions/032-push-reminders.md,
 * "After the write"): the write stands and its answer says so; the recompute waits here, on this
 * instance, and its reminder round tries it again. Bounded: past MAX_WAITING the oldest is dropped.
 */

export type Reschedule = { userId: string; item?: { kind: ItemKind; id: string } };

const MAX_WAITING = 10_000;
const waitingByDb = new WeakMap<Db, Map<string, Reschedule>>();

const keyOf = ({ userId, item }: Reschedule) => (item ? `${userId} ${item.kind} ${item.id}` : userId);

function waitingFor(db: Db): Map<string, Reschedule> {
  let waiting = waitingByDb.get(db);
  if (!waiting) {
    waiting = new Map();
    waitingByDb.set(db, waiting);
  }
  return waiting;
}

/** Runs one recompute: the person's reminders, or one item's. */
export function reschedule(db: Db, work: Reschedule, now: Date): Promise<void> {
  return work.item
    ? rescheduleItem(db, work.userId, work.item.kind, work.item.id, now)
    : reschedulePerson(db, work.userId, now);
}

/** Keeps a recompute that failed for the next round; a later one of the same thing replaces it. */
export function rescheduleLater(db: Db, work: Reschedule): void {
  const waiting = waitingFor(db);
  const key = keyOf(work);
  waiting.delete(key);
  waiting.set(key, work);
  if (waiting.size > MAX_WAITING) {
    const oldest = waiting.keys().next().value;
    if (oldest !== undefined) waiting.delete(oldest);
  }
}

/** How many recomputes wait on this instance. */
export function waitingReschedules(db: Db): number {
  return waitingByDb.get(db)?.size ?? 0;
}

/**
 * Tries every waiting recompute, oldest first, and answers how many still wait. It stops at the first
 * failure, which waits for the next round with the rest: the database that refused one is unlikely to
 * take the next a moment later, and the round goes on to send what is due.
 */
export async function rescheduleWaiting(db: Db, now: Date): Promise<number> {
  const waiting = waitingByDb.get(db);
  if (!waiting) return 0;
  for (const [key, work] of [...waiting]) {
    try {
      await reschedule(db, work, now);
    } catch {
      break;
    }
    waiting.delete(key);
  }
  return waiting.size;
}
