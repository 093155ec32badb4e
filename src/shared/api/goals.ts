import { z } from 'zod';
import { DEFAULT_GOAL_COLOR, GOAL_COLORS } from '../domain/palette';
import { DescriptionSchema, IdSchema, SortOrderSchema, TitleSchema } from './common';

export const GoalColorSchema = z.enum(GOAL_COLORS, {
  message: `Color must be one of: ${GOAL_COLORS.join(', ')}`,
});

export const GoalSchema = z.object({
  id: IdSchema,
  title: z.string(),
  description: z.string().nullable(),
  color: GoalColorSchema,
  isHabitGoal: z.boolean(),
  archived: z.boolean(),
  sortOrder: z.number().int(),
  createdAt: z.string(),
});
export type Goal = z.infer<typeof GoalSchema>;

export const GoalListSchema = z.array(GoalSchema);

export const CreateGoalInputSchema = z.object({
  /** Chosen by the client so that a retried or replayed create answers the same item (idempotent). */
  id: IdSchema.optional(),
  title: TitleSchema,
  description: DescriptionSchema.optional(),
  color: GoalColorSchema.default(DEFAULT_GOAL_COLOR),
  isHabitGoal: z.boolean().default(false),
  archived: z.boolean().default(false),
  sortOrder: SortOrderSchema.optional(),
  /**
   * Create-only, accepted and ignored (docs/product.md#entities-and-fields,
   * docs/decisions/005-goal-add-to-today.md).
   */
  addToToday: z.boolean().default(false),
});
export type CreateGoalInput = z.input<typeof CreateGoalInputSchema>;

export const UpdateGoalInputSchema = z.object({
  title: TitleSchema.optional(),
  description: DescriptionSchema.optional(),
  color: GoalColorSchema.optional(),
  isHabitGoal: z.boolean().optional(),
  archived: z.boolean().optional(),
  sortOrder: SortOrderSchema.optional(),
});
export type UpdateGoalInput = z.input<typeof UpdateGoalInputSchema>;

export const GoalListQuerySchema = z.object({
  showArchived: z
    .enum(['true', 'false'], { message: 'showArchived must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});

export const GoalParamsSchema = z.object({ goalId: IdSchema });
