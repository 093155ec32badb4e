import { z } from 'zod';
import { HabitSchema } from './habits';
import { DaySchema } from './history';
import { TodayTaskSchema } from './today';

/*
 * GET /api/upcoming (docs/product.md#upcoming): the plan by day, one entry per day of the range, with
 * repeats expanded, and the overdue tasks apart.
 */

/** The longest range one call answers: two months. */
export const UPCOMING_MAX_DAYS = 62;
/** The range when none is asked for: today and the next 13 days. */
export const UPCOMING_DEFAULT_DAYS = 14;

export const UpcomingQuerySchema = z.object({
  /** First day of the range; default: the person's today. */
  from: DaySchema.optional(),
  /** Last day of the range; default: 13 days after `from`. */
  to: DaySchema.optional(),
});
export type UpcomingQuery = z.infer<typeof UpcomingQuerySchema>;

export const UpcomingDaySchema = z.object({
  day: z.string(),
  /**
   * The tasks planned for the day, a repeating task on each day its rule falls on from its planned day
   * on (the same task, and id, on several days), each in Today order.
   */
  tasks: z.array(TodayTaskSchema),
  /** The habits on Today that are due that day (docs/product.md#upcoming). */
  habits: z.array(HabitSchema),
});
export type UpcomingDay = z.infer<typeof UpcomingDaySchema>;

export const UpcomingSchema = z.object({
  /** The person's day now (src/shared/domain/days.ts). */
  today: z.string(),
  /** Open tasks planned for a day before today, oldest first, whatever the range. */
  overdue: z.array(TodayTaskSchema),
  days: z.array(UpcomingDaySchema),
});
export type Upcoming = z.infer<typeof UpcomingSchema>;
