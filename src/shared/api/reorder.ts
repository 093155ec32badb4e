import { z } from 'zod';
import { IdSchema, REORDER_MAX_ITEMS, SortOrderSchema } from './common';

const items = <T extends z.ZodType>(item: T) =>
  z
    .array(item, { message: 'items must be a list' })
    .min(1, { message: 'items must not be empty' })
    .max(REORDER_MAX_ITEMS, { message: `At most ${REORDER_MAX_ITEMS} items at once` });

const SortItemSchema = z.object({ id: IdSchema, sortOrder: SortOrderSchema });

/** POST /api/today/reorder */
export const TodayReorderInputSchema = z.object({
  items: items(z.object({ id: IdSchema, type: z.enum(['task', 'habit']), todaySortOrder: SortOrderSchema })),
});
export type TodayReorderInput = z.infer<typeof TodayReorderInputSchema>;

/** POST /api/tasks/reorder: goalId null for standalone todos. */
export const TaskReorderInputSchema = z.object({
  goalId: IdSchema.nullable(),
  items: items(SortItemSchema),
});
export type TaskReorderInput = z.infer<typeof TaskReorderInputSchema>;

/** POST /api/habits/reorder and POST /api/goals/reorder */
export const SortReorderInputSchema = z.object({ items: items(SortItemSchema) });
export type SortReorderInput = z.infer<typeof SortReorderInputSchema>;
