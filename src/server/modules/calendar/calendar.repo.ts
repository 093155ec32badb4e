import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { StoredChecklistItem } from '#shared/domain/checklist';
import type { Priority } from '#shared/domain/priority';
import type { Db } from '../../db/client';
import { calendarFeeds, goals, tasks, users } from '../../db/schema';

/** Gives the person a feed with this token hash, replacing the one they had (which then stops working). */
export async function saveFeed(db: Db, userId: string, tokenHash: string): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: sql`now()` } });
}

export async function deleteFeed(db: Db, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

export type FeedOwner = { userId: string; timeZone: string; dayStartHour: number };

/**
 * The person a feed token belongs to, found by its hash: the feed has no session, so, like a session
 * cookie, the secret is the only key there is (docs/architecture.md#layers-and-import-rules).
 */
export async function findFeedOwner(db: Db, tokenHash: string): Promise<FeedOwner | undefined> {
  const [row] = await db
    .select({ userId: users.id, timeZone: users.timeZone, dayStartHour: users.dayStartHour })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, tokenHash));
  return row;
}

export type FeedTask = {
  id: string;
  title: string;
  description: string | null;
  goalTitle: string | null;
  plannedFor: string;
  repeat: string | null;
  repeatStart: string | null;
  remindAt: string | null;
  priority: Priority;
  checklist: StoredChecklistItem[];
  labels: string[];
  /** In a habit goal: its checklist starts again each day (docs/product.md#checklists). */
  inHabitGoal: boolean;
  updatedAt: Date;
};

/** The person's open planned tasks, by day then title: what the feed shows. */
export async function findPlannedTasks(db: Db, userId: string): Promise<FeedTask[]> {
  const rows = await db
    .select({
      id: tasks.id,
      title: tasks.title,
      description: tasks.description,
      goalTitle: goals.title,
      plannedFor: tasks.plannedFor,
      repeat: tasks.repeat,
      repeatStart: tasks.repeatStart,
      remindAt: tasks.remindAt,
      priority: tasks.priority,
      checklist: tasks.checklist,
      labels: tasks.labels,
      inHabitGoal: sql<boolean>`coalesce(${goals.isHabitGoal}, false)`,
      updatedAt: tasks.updatedAt,
    })
    .from(tasks)
    .leftJoin(goals, and(eq(goals.userId, tasks.userId), eq(goals.id, tasks.goalId)))
    .where(and(eq(tasks.userId, userId), isNotNull(tasks.plannedFor), eq(tasks.completed, false)))
    .orderBy(asc(tasks.plannedFor), asc(tasks.id));
  return rows.flatMap((row) => (row.plannedFor === null ? [] : [{ ...row, plannedFor: row.plannedFor }]));
}
