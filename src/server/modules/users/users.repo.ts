import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type UserRow, users } from '../../db/schema';

export type UserProfile = {
  sub: string;
  email: string;
  name: string | null;
  firstName: string | null;
  picture: string | null;
};

/** Creates the user on first sign-in and refreshes the profile from the identity provider after. */
export async function upsertUserBySub(db: Db, profile: UserProfile): Promise<UserRow> {
  const values = {
    email: profile.email,
    name: profile.name,
    firstName: profile.firstName,
    picture: profile.picture,
  };
  const [row] = await db
    .insert(users)
    .values({ googleSub: profile.sub, ...values })
    .onConflictDoUpdate({ target: users.googleSub, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

/**
 * Stores the browser's zone only when it changed and the person has not chosen one, so steady
 * traffic causes no writes.
 */
export async function updateUserTimeZone(db: Db, userId: string, timeZone: string): Promise<void> {
  await db
    .update(users)
    .set({ timeZone, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), ne(users.timeZone, timeZone), eq(users.timeZoneFromDevice, true)));
}

export type UserSettings = Partial<Pick<UserRow, 'timeZone' | 'timeZoneFromDevice' | 'dayStartHour'>>;

/** Writes the person's day settings and answers the row as it now is. */
export async function updateUserSettings(
  db: Db,
  userId: string,
  settings: UserSettings,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...settings, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return row;
}
