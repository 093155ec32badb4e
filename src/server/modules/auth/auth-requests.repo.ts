import { eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authRequests } from '../../db/schema';

/*
 * Sign-in attempts in flight. They belong to no user yet (the user is known only after the callback),
 * so these are the one set of queries not filtered by an owner; the key is the hash of a 256-bit state
 * that only the browser holding the state cookie knows.
 */

export type AuthRequestRow = typeof authRequests.$inferSelect;

export async function insertAuthRequest(
  db: Db,
  values: { stateHash: string; codeVerifier: string; nonce: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(authRequests).values({
    stateHash: values.stateHash,
    codeVerifier: values.codeVerifier,
    nonce: values.nonce,
    createdAt: values.now,
    expiresAt: values.expiresAt,
  });
}

/**
 * Removes and returns the attempt in one statement, so two callbacks racing with the same state
 * cannot both get it. An expired row is removed too, but not returned.
 */
export async function takeAuthRequest(
  db: Db,
  stateHash: string,
  now: Date,
): Promise<AuthRequestRow | undefined> {
  const [row] = await db.delete(authRequests).where(eq(authRequests.stateHash, stateHash)).returning();
  if (!row || row.expiresAt.getTime() <= now.getTime()) return undefined;
  return row;
}

/** Abandoned attempts (the user never came back from the issuer) would otherwise stay forever. */
export async function deleteExpiredAuthRequests(db: Db, now: Date): Promise<void> {
  await db.delete(authRequests).where(lte(authRequests.expiresAt, now));
}
