import { z } from 'zod';

/*
 * The calendar feed (docs/product.md#calendar-feed): a secret address any calendar can subscribe to,
 * serving the person's planned tasks as iCalendar (RFC 5545).
 */

/** What POST /api/calendar/feed answers: the new address; any earlier one stops working. */
export const CalendarFeedSchema = z.object({ url: z.string() });
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;

/** The path the feed is served on, under the app's address: /api/calendar/{token}.ics. */
export const CALENDAR_FEED_PATH = '/api/calendar';
/** The file part of the address: a 43-character base64url token (256 bits) and ".ics". */
export const CalendarFeedParamsSchema = z.object({
  file: z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/, { message: 'Not a calendar address' }),
});
