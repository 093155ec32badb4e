import type { UpdateUserInput } from '#shared/api/auth';
import { isValidTimeZone } from '#shared/domain/days';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { notSignedIn } from '../../errors';
import {
  type UserProfile,
  type UserSettings,
  updateUserSettings,
  updateUserTimeZone,
  upsertUserBySub,
} from './users.repo';

export type { UserProfile };

/** An import writes the settings its file carries as they are (modules/account-data), through here. */
export { updateUserSettings };

/** Creates the person on first sign-in and refreshes the profile from the identity provider after. */
export function signInUser(db: Db, profile: UserProfile): Promise<UserRow> {
  return upsertUserBySub(db, profile);
}

/**
 * The zone a call's browser reports, when the person lets the device decide and it differs from the
 * stored one (docs/decisions/003-day-rules.md); undefined otherwise, or when it is not a real zone.
 */
export function browserZoneToAdopt(user: UserRow, zone: string | undefined): string | undefined {
  // A zone the person chose in the settings stays until they let the device decide again.
  if (!user.timeZoneFromDevice) return undefined;
  if (zone === undefined || zone === user.timeZone || !isValidTimeZone(zone)) return undefined;
  return zone;
}

/** Stores the browser's zone as the person's own (a write's doing; a read only applies it). */
export async function storeBrowserTimeZone(db: Db, user: UserRow, zone: string): Promise<void> {
  await updateUserTimeZone(db, user.id, zone);
  user.timeZone = zone;
}

/**
 * Applies the person's day settings (docs/decisions/015-day-start-and-history.md): a chosen zone pins
 * it; letting the device decide again takes `deviceZone` (this call's browser zone) at once, so the
 * answer already shows the zone in force. Answers the updated row.
 */
export async function changeUserSettings(
  db: Db,
  user: UserRow,
  input: UpdateUserInput,
  deviceZone: string | undefined,
): Promise<UserRow> {
  const settings: UserSettings = {};
  if (input.dayStartHour !== undefined) settings.dayStartHour = input.dayStartHour;
  if (input.timeZone !== undefined) {
    settings.timeZone = input.timeZone;
    settings.timeZoneFromDevice = false;
  } else if (input.timeZoneFromDevice !== undefined) {
    settings.timeZoneFromDevice = input.timeZoneFromDevice;
    if (input.timeZoneFromDevice && deviceZone !== undefined && isValidTimeZone(deviceZone)) {
      settings.timeZone = deviceZone;
    }
  }
  if (Object.keys(settings).length === 0) return user;
  const row = await updateUserSettings(db, user.id, settings);
  // The person was deleted while this call ran: as good as signed out.
  if (!row) throw notSignedIn();
  return row;
}
