import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, type UserRow, users } from '../../db/schema';

export async function insertSession(
  db: Db,
  userId: string,
  values: { tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values({
    tokenHash: values.tokenHash,
    userId,
    createdAt: values.now,
    lastSeenAt: values.now,
    expiresAt: values.expiresAt,
  });
}

export type SessionWithUser = {
  user: UserRow;
  lastSeenAt: Date;
  expiresAt: Date;
};

/** The session (still valid at `now`) and its user in one query. */
export async function findLiveSession(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<SessionWithUser | undefined> {
  const [row] = await db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)));
  return row;
}

export async function touchSession(
  db: Db,
  userId: string,
  tokenHash: string,
  values: { now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: values.now, expiresAt: values.expiresAt })
    .where(and(eq(sessions.userId, userId), eq(sessions.tokenHash, tokenHash)));
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Removes the user's sessions that have already expired (their rows are no use to anyone). */
export async function deleteExpiredSessions(db: Db, userId: string, now: Date): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now)));
}
