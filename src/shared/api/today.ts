import { z } from 'zod';
import { HabitSchema } from './habits';
import { TaskGoalSummarySchema, TaskSchema } from './tasks';

export const TodayTaskSchema = TaskSchema.extend({ goal: TaskGoalSummarySchema.nullable() });
export type TodayTask = z.infer<typeof TodayTaskSchema>;

/** GET /api/today: the items on the Today list, each list ordered by todaySortOrder. */
export const TodaySchema = z.object({
  tasks: z.array(TodayTaskSchema),
  habits: z.array(HabitSchema),
});
export type Today = z.infer<typeof TodaySchema>;
