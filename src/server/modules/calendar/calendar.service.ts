import { createHash, randomBytes } from 'node:crypto';
import { CALENDAR_FEED_PATH, type CalendarFeed } from '#shared/api/calendar';
import type { Db } from '../../db/client';
import { deleteFeed, findFeedOwner, findPlannedTasks, saveFeed } from './calendar.repo';

/*
 * The calendar feed's secret address (docs/product.md#calendar-feed, docs/decisions/033-calendar-feed.md):
 * 256 random bits, kept only as their sha256, so the address is shown once and a new one revokes the old.
 */

/** The hash a feed token is kept and looked up by. */
export function feedTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Makes the person a new feed address; the one they had stops working. */
export async function newFeedAddress(db: Db, userId: string, publicUrl: string): Promise<CalendarFeed> {
  const token = randomBytes(32).toString('base64url');
  await saveFeed(db, userId, feedTokenHash(token));
  return { url: `${publicUrl}${CALENDAR_FEED_PATH}/${token}.ics` };
}

export function revokeFeed(db: Db, userId: string): Promise<void> {
  return deleteFeed(db, userId);
}

/** The calendar a token opens, with its ETag (the hash of the text), or undefined for no such feed. */
export async function readFeed(db: Db, token: string): Promise<{ body: string; etag: string } | undefined> {
  const owner = await findFeedOwner(db, feedTokenHash(token));
  if (!owner) return undefined;
  // The calendar format's libraries load at the first feed read rather than at every start
  // (docs/decisions/034-start-without-rebuilding.md).
  const { calendarDocument } = await import('./calendar-document');
  const body = calendarDocument(await findPlannedTasks(db, owner.userId), owner.timeZone, owner.dayStartHour);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
}
