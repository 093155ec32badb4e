import { isValidTimeZone } from '../../../shared/domain/days';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { type UserProfile, updateUserTimeZone, upsertUserBySub } from './users.repo';

export type { UserProfile };

/** Creates the person on first sign-in and refreshes the profile from the identity provider after. */
export function signInUser(db: Db, profile: UserProfile): Promise<UserRow> {
  return upsertUserBySub(db, profile);
}

/**
 * Applies the zone the browser sends with each call (docs/decisions/003-day-rules.md): stored only
 * when valid and changed, so steady traffic causes no writes. Answers the zone now in force.
 */
export async function adoptBrowserTimeZone(db: Db, user: UserRow, zone: string | undefined): Promise<void> {
  if (zone === undefined || zone === user.timeZone || !isValidTimeZone(zone)) return;
  await updateUserTimeZone(db, user.id, zone);
  user.timeZone = zone;
}
