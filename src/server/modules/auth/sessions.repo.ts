import { and, desc, eq, gt, lte, ne, notInArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type SessionRow, sessions, type UserRow, users } from '../../db/schema';

/*
 * Sessions are looked up by the hash of the cookie's token (the one query with no owner to filter by:
 * the owner is what it finds); everything a signed-in person does with their sessions is by user id.
 */

export async function insertSession(
  db: Db,
  userId: string,
  values: { tokenHash: string; userAgent: string | null; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values({
    tokenHash: values.tokenHash,
    userId,
    userAgent: values.userAgent,
    createdAt: values.now,
    lastSeenAt: values.now,
    expiresAt: values.expiresAt,
  });
}

export type SessionWithUser = {
  user: UserRow;
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
};

/** The session still valid at `now` (idle expiry and absolute lifetime both) and its user, in one query. */
export async function findLiveSession(
  db: Db,
  tokenHash: string,
  now: Date,
  createdAfter: Date,
): Promise<SessionWithUser | undefined> {
  const [row] = await db
    .select({
      user: users,
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        gt(sessions.expiresAt, now),
        gt(sessions.createdAt, createdAfter),
      ),
    );
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

/** Deletes the session behind a token; answers whose it was, so that its live streams can be ended. */
export async function deleteSessionByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<{ userId: string; id: string } | undefined> {
  const [deleted] = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, tokenHash))
    .returning({ userId: sessions.userId, id: sessions.id });
  return deleted;
}

/** Removes the user's sessions that are over (idle or past their lifetime): no use to anyone. */
export async function deleteDeadSessions(
  db: Db,
  userId: string,
  now: Date,
  createdBefore: Date,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        or(lte(sessions.expiresAt, now), lte(sessions.createdAt, createdBefore)),
      ),
    );
}

/** Keeps the user's `keep` most recently used sessions and deletes the rest; answers the ids of those that went. */
export async function deleteSessionsBeyond(db: Db, userId: string, keep: number): Promise<string[]> {
  const newest = db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    .limit(keep);
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), notInArray(sessions.tokenHash, newest)))
    .returning({ id: sessions.id });
  return deleted.map((row) => row.id);
}

export async function listUserSessions(db: Db, userId: string): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

export async function deleteUserSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

/** Signs the user out everywhere but the session with this id; answers how many ended. */
export async function deleteOtherUserSessions(
  db: Db,
  userId: string,
  keepSessionId: string,
): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return deleted.length;
}
