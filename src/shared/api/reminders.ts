import { z } from 'zod';
import { IdSchema } from './common';

/*
 * What a reminder's push says, and what its notification's "Snooze 10 min" asks
 * (docs/product.md#reminders). The service worker reads the message (src/client/service-worker.ts).
 */

/** The encrypted JSON of a reminder's push: one tag per item, so a later one replaces the last shown. */
export const ReminderMessageSchema = z.object({
  type: z.literal('reminder'),
  kind: z.enum(['task', 'habit']),
  id: z.string(),
  title: z.string(),
  /** The goal's title, or null. */
  goal: z.string().nullable(),
  tag: z.string(),
  /** The person's day the reminder is for. */
  day: z.string(),
  /** The moment it was due (ISO 8601). */
  at: z.string(),
  /**
   * The field a tick sets for this item, as a card's tick does (docs/product.md#completion-and-days):
   * `completedToday` for a habit and a task in a habit goal, `completed` for any other task.
   */
  tick: z.enum(['completed', 'completedToday']),
});
export type ReminderMessage = z.infer<typeof ReminderMessageSchema>;

/** How long "Snooze 10 min" puts a reminder off. */
export const SNOOZE_MINUTES = 10;

export const SnoozeReminderInputSchema = z.object({
  kind: z.enum(['task', 'habit'], { message: 'kind must be "task" or "habit"' }),
  id: IdSchema,
});
export type SnoozeReminderInput = z.infer<typeof SnoozeReminderInputSchema>;
