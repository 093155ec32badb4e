import { z } from 'zod';
import { TIMES_PER_WEEK_MAX } from '../domain/streaks';
import {
  DescriptionSchema,
  IdSchema,
  RemindAtSchema,
  RepeatSchema,
  SortOrderSchema,
  TitleSchema,
} from './common';

export const TIMES_PER_WEEK_MESSAGE = `timesPerWeek must be a whole number from 1 to ${TIMES_PER_WEEK_MAX}`;
export const ONE_SCHEDULE_MESSAGE = 'A habit takes repeat or timesPerWeek, not both';

/** "N times a week" (docs/product.md#habit-schedules). */
export const TimesPerWeekSchema = z
  .number({ message: TIMES_PER_WEEK_MESSAGE })
  .int({ message: TIMES_PER_WEEK_MESSAGE })
  .min(1, { message: TIMES_PER_WEEK_MESSAGE })
  .max(TIMES_PER_WEEK_MAX, { message: TIMES_PER_WEEK_MESSAGE });

export const HabitSchema = z.object({
  id: IdSchema,
  title: z.string(),
  /** Free text with lines (docs/product.md#descriptions), or null. */
  description: z.string().nullable(),
  /** The days it is due, an RRULE (docs/product.md#habit-schedules); null: every day. */
  repeat: z.string().nullable(),
  /** Due every day of a week until this many days are done; null: not counted by the week. */
  timesPerWeek: z.number().int().nullable(),
  /** The time of day (HH:MM, the person's zone) to be reminded on its days, or null (docs/product.md#reminders). */
  remindAt: z.string().nullable(),
  isToday: z.boolean(),
  /** Derived from the completion history for the user's local date. */
  completedToday: z.boolean(),
  completionCount: z.number().int(),
  todaySortOrder: z.number().int(),
  sortOrder: z.number().int(),
  createdAt: z.string(),
});
export type Habit = z.infer<typeof HabitSchema>;

export const HabitListSchema = z.array(HabitSchema);

export const CreateHabitInputSchema = z
  .object({
    /** Chosen by the client so that a retried or replayed create answers the same item (idempotent). */
    id: IdSchema.optional(),
    title: TitleSchema,
    description: DescriptionSchema.default(null),
    repeat: RepeatSchema.nullable().default(null),
    timesPerWeek: TimesPerWeekSchema.nullable().default(null),
    remindAt: RemindAtSchema.nullable().default(null),
    isToday: z.boolean().default(false),
    sortOrder: SortOrderSchema.optional(),
    todaySortOrder: SortOrderSchema.optional(),
  })
  .refine((input) => input.repeat === null || input.timesPerWeek === null, {
    message: ONE_SCHEDULE_MESSAGE,
    path: ['timesPerWeek'],
  });
export type CreateHabitInput = z.input<typeof CreateHabitInputSchema>;

export const UpdateHabitInputSchema = z
  .object({
    title: TitleSchema.optional(),
    description: DescriptionSchema.optional(),
    /** Giving a habit one schedule takes the other away. */
    repeat: RepeatSchema.nullable().optional(),
    timesPerWeek: TimesPerWeekSchema.nullable().optional(),
    remindAt: RemindAtSchema.nullable().optional(),
    isToday: z.boolean().optional(),
    completedToday: z.boolean().optional(),
    sortOrder: SortOrderSchema.optional(),
    todaySortOrder: SortOrderSchema.optional(),
  })
  .refine((input) => input.repeat == null || input.timesPerWeek == null, {
    message: ONE_SCHEDULE_MESSAGE,
    path: ['timesPerWeek'],
  });
export type UpdateHabitInput = z.input<typeof UpdateHabitInputSchema>;
