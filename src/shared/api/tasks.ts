import { z } from 'zod';
import { EARLIEST_PLANNED_DAY, isDay, latestPlannableDay } from '../domain/days';
import { PRIORITIES, PRIORITY_MESSAGE } from '../domain/priority';
import { ChecklistInputSchema, ChecklistItemSchema } from './checklist';
import {
  DescriptionSchema,
  IdSchema,
  RemindAtSchema,
  RepeatSchema,
  SortOrderSchema,
  TitleSchema,
} from './common';
import { GoalColorSchema } from './goals';
import { LabelsInputSchema } from './labels';
import { PLAN_MAX_MOVES } from './wire-names';

export const PLANNED_FOR_MESSAGE = `plannedFor must be a day from ${EARLIEST_PLANNED_DAY} to ten years ahead, written YYYY-MM-DD`;

/**
 * The day a task is planned for, in the person's days (docs/product.md#planning): a real calendar
 * day from 2000-01-01 to ten years ahead (src/shared/domain/days.ts, `latestPlannableDay`).
 */
export const PlannedForSchema = z
  .string({ message: PLANNED_FOR_MESSAGE })
  .refine((day) => isDay(day) && day >= EARLIEST_PLANNED_DAY && day <= latestPlannableDay(new Date()), {
    message: PLANNED_FOR_MESSAGE,
  });

/** 0 none, 1 low, 2 medium, 3 high (docs/product.md#priority). */
export const PrioritySchema = z.literal(PRIORITIES, { message: PRIORITY_MESSAGE });

export const TaskSchema = z.object({
  id: IdSchema,
  title: z.string(),
  /** Free text with lines (docs/product.md#descriptions), or null. */
  description: z.string().nullable(),
  goalId: IdSchema.nullable(),
  /** The person's day the task is planned for (YYYY-MM-DD), or null: unplanned. */
  plannedFor: z.string().nullable(),
  /**
   * An RRULE (docs/product.md#repeats), or null. Done, a repeating task records the day in its history
   * and is planned for its next day; `completed` stays false.
   */
  repeat: z.string().nullable(),
  /** The time of day (HH:MM, the person's zone) to be reminded on its day, or null (docs/product.md#reminders). */
  remindAt: z.string().nullable(),
  /** 0 none, 1 low, 2 medium, 3 high (docs/product.md#priority). */
  priority: PrioritySchema,
  /** Its steps, in order, each ticked or not on the person's day (docs/product.md#checklists). */
  checklist: z.array(ChecklistItemSchema),
  /** Its labels, in the order given, each once (docs/product.md#labels). */
  labels: z.array(z.string()),
  /** A normal task's state. Tasks in a habit goal use completedToday instead. */
  completed: z.boolean(),
  /**
   * Derived from the completion history for the user's local date; false outside habit goals, except
   * for a repeating task, which reads true on the day it was last done.
   */
  completedToday: z.boolean(),
  /** Number of days completed (habit-goal tasks). */
  completionCount: z.number().int(),
  isToday: z.boolean(),
  todaySortOrder: z.number().int(),
  sortOrder: z.number().int(),
  createdAt: z.string(),
});
export type Task = z.infer<typeof TaskSchema>;

export const TaskListSchema = z.array(TaskSchema);

export const TaskListQuerySchema = z.object({
  goalId: z.union([IdSchema, z.literal('none')]).optional(),
});

export const CreateTaskInputSchema = z.object({
  /** Chosen by the client so that a retried or replayed create answers the same item (idempotent). */
  id: IdSchema.optional(),
  title: TitleSchema,
  description: DescriptionSchema.default(null),
  goalId: IdSchema.nullable().default(null),
  plannedFor: PlannedForSchema.nullable().default(null),
  repeat: RepeatSchema.nullable().default(null),
  remindAt: RemindAtSchema.nullable().default(null),
  priority: PrioritySchema.default(0),
  checklist: ChecklistInputSchema.default([]),
  labels: LabelsInputSchema.default([]),
  completed: z.boolean().default(false),
  isToday: z.boolean().default(false),
  sortOrder: SortOrderSchema.optional(),
  todaySortOrder: SortOrderSchema.optional(),
  /**
   * Place the new task right under this task of the person's, in its list and on Today, the items
   * below moving down by one (docs/product.md#positions); a position given above wins, and a task not
   * found places it at the end as without (a copy made offline of a task since deleted is still kept).
   */
  after: IdSchema.optional(),
});
export type CreateTaskInput = z.input<typeof CreateTaskInputSchema>;

export const UpdateTaskInputSchema = z.object({
  title: TitleSchema.optional(),
  description: DescriptionSchema.optional(),
  goalId: IdSchema.nullable().optional(),
  plannedFor: PlannedForSchema.nullable().optional(),
  repeat: RepeatSchema.nullable().optional(),
  remindAt: RemindAtSchema.nullable().optional(),
  priority: PrioritySchema.optional(),
  /** The whole checklist as it is to be; PATCH /api/tasks/:id/checklist/:itemId ticks one item alone. */
  checklist: ChecklistInputSchema.optional(),
  /** The whole list of labels as it is to be. */
  labels: LabelsInputSchema.optional(),
  completed: z.boolean().optional(),
  completedToday: z.boolean().optional(),
  isToday: z.boolean().optional(),
  sortOrder: SortOrderSchema.optional(),
  todaySortOrder: SortOrderSchema.optional(),
});
export type UpdateTaskInput = z.input<typeof UpdateTaskInputSchema>;

/**
 * One task planned for a day, or for none (null), as PATCH /api/tasks/:id with `plannedFor` alone
 * plans it (docs/product.md#planning).
 */
export const PlanMoveSchema = z.object({ id: IdSchema, plannedFor: PlannedForSchema.nullable() });
export type PlanMove = z.infer<typeof PlanMoveSchema>;

/**
 * POST /api/tasks/plan: many tasks planned at once, in this order, all or none
 * (docs/decisions/047-plan-overdue-for-today.md). A task named twice would have no one day, so that is
 * refused before anything is touched.
 */
export const PlanTasksInputSchema = z.object({
  moves: z
    .array(PlanMoveSchema, { message: 'moves must be a list' })
    .min(1, { message: 'moves must not be empty' })
    .max(PLAN_MAX_MOVES, { message: `At most ${PLAN_MAX_MOVES} tasks can be planned at once` })
    .superRefine((moves, ctx) => {
      const seen = new Set<string>();
      moves.forEach((move, index) => {
        if (seen.has(move.id))
          ctx.addIssue({ code: 'custom', message: `Duplicate id in moves: ${move.id}`, path: [index, 'id'] });
        seen.add(move.id);
      });
    }),
});
export type PlanTasksInput = z.infer<typeof PlanTasksInputSchema>;

/** The goal a Today task belongs to, so the card can show "Goal: {name}" and its tint. */
export const TaskGoalSummarySchema = z.object({
  id: IdSchema,
  title: z.string(),
  color: GoalColorSchema,
  isHabitGoal: z.boolean(),
});
export type TaskGoalSummary = z.infer<typeof TaskGoalSummarySchema>;
