import { z } from 'zod';
import { IdSchema, SortOrderSchema, TitleSchema } from './common';

export const HabitSchema = z.object({
  id: IdSchema,
  title: z.string(),
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

export const CreateHabitInputSchema = z.object({
  /** Chosen by the client so that a retried or replayed create answers the same item (idempotent). */
  id: IdSchema.optional(),
  title: TitleSchema,
  isToday: z.boolean().default(false),
  sortOrder: SortOrderSchema.optional(),
  todaySortOrder: SortOrderSchema.optional(),
});
export type CreateHabitInput = z.input<typeof CreateHabitInputSchema>;

export const UpdateHabitInputSchema = z.object({
  title: TitleSchema.optional(),
  isToday: z.boolean().optional(),
  completedToday: z.boolean().optional(),
  sortOrder: SortOrderSchema.optional(),
  todaySortOrder: SortOrderSchema.optional(),
});
export type UpdateHabitInput = z.input<typeof UpdateHabitInputSchema>;
