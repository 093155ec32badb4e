import { z } from 'zod';
import { isDay } from '../domain/days';
import { IdSchema } from './common';

/*
 * The completion history of a habit or of a task in a habit goal, and edits of past days
 * (docs/product.md#history, docs/decisions/015-day-start-and-history.md).
 */

/** The longest range one history call answers: 53 weeks, what the 12-month calendar shows. */
export const HISTORY_MAX_DAYS = 371;
/** How far back a day may be changed, whenever the item was made (docs/decisions/031-a-habits-past.md). */
export const HISTORY_EDITABLE_DAYS = 365;

export const DaySchema = z
  .string({ message: 'Day must be a date written YYYY-MM-DD' })
  .refine(isDay, { message: 'Day must be a date written YYYY-MM-DD' });

export const HistoryQuerySchema = z.object({
  /** First day of the range; default: HISTORY_MAX_DAYS - 1 days before `to`. */
  from: DaySchema.optional(),
  /** Last day of the range; default: the person's today. */
  to: DaySchema.optional(),
});
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>;

export const CompletionDayParamsSchema = z.object({ id: IdSchema, day: DaySchema });

export const ItemHistorySchema = z.object({
  /** The person's day now (src/shared/domain/days.ts). */
  today: z.string(),
  /** The first day that may be changed: a year back, for every item. */
  editableFrom: z.string(),
  from: z.string(),
  to: z.string(),
  /** The days done between `from` and `to`, oldest first. */
  days: z.array(z.string()),
  /**
   * The days between `from` and `to` the item was not due, oldest first: a habit's days off its rule
   * (docs/product.md#habit-schedules), which the calendar shows as off. Empty for everything else.
   */
  offDays: z.array(z.string()),
  /** What the streaks count: days, or weeks that met an "N times a week" target. */
  streakUnit: z.enum(['day', 'week']),
  /** Over the whole history (src/shared/domain/streaks.ts). */
  currentStreak: z.number().int(),
  bestStreak: z.number().int(),
  last7: z.number().int(),
  last30: z.number().int(),
  last365: z.number().int(),
});
export type ItemHistory = z.infer<typeof ItemHistorySchema>;
