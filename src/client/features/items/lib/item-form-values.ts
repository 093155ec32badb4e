import { z } from 'zod';
import { DESCRIPTION_MAX, TitleSchema } from '#shared/api/common';
import { GoalColorSchema } from '#shared/api/goals';
import { DEFAULT_GOAL_COLOR } from '#shared/domain/palette';
import type { SaveItemRequest } from '../api/save-item';
import { goalIdFromSelect, NO_GOAL } from './goal-choice';
import type { EditableItem, GoalContext, ItemKind } from './item-kinds';

/*
 * The one-item form's values and what they become (docs/product.md#item-dialog): one set of fields
 * for every kind (each kind shows only its own), turned into exactly the call that kind and mode make.
 */

/**
 * The title's rule and the description's length, checked before anything is sent
 * (docs/product.md#form-rules); the others take what the controls allow.
 */
export const SingleItemFormSchema = z.object({
  title: TitleSchema,
  description: z.string().refine((text) => text.trim().length <= DESCRIPTION_MAX, {
    message: `Description must be at most ${DESCRIPTION_MAX} characters`,
  }),
  color: GoalColorSchema,
  isHabitGoal: z.boolean(),
  isToday: z.boolean(),
  goalId: z.string(),
});
export type SingleItemFormInput = z.input<typeof SingleItemFormSchema>;
export type SingleItemFormValues = z.output<typeof SingleItemFormSchema>;

export function formDefaults(item: EditableItem | undefined, defaultIsToday: boolean): SingleItemFormInput {
  const blank: SingleItemFormInput = {
    title: '',
    description: '',
    color: DEFAULT_GOAL_COLOR,
    isHabitGoal: false,
    isToday: defaultIsToday,
    goalId: NO_GOAL,
  };
  if (!item) return blank;
  switch (item.kind) {
    case 'goal':
      return {
        ...blank,
        title: item.goal.title,
        description: item.goal.description ?? '',
        color: item.goal.color,
        isHabitGoal: item.goal.isHabitGoal,
      };
    case 'task':
      return {
        ...blank,
        title: item.task.title,
        isToday: item.task.isToday,
        goalId: item.task.goalId ?? NO_GOAL,
      };
    case 'habit':
      return { ...blank, title: item.habit.title, isToday: item.habit.isToday };
  }
}

/**
 * The save the form makes. Editing a goal sends exactly title, description, color and isHabitGoal;
 * in a goal's context a new task joins that goal whatever the form says
 * (docs/product.md#dialog-lifecycle).
 */
export function saveRequestFor(
  kind: ItemKind,
  item: EditableItem | undefined,
  values: SingleItemFormValues,
  goalContext: GoalContext | undefined,
): SaveItemRequest {
  const { title, isToday } = values;
  const goalFields = {
    title,
    description: values.description.trim() || null,
    color: values.color,
    isHabitGoal: values.isHabitGoal,
  };
  if (item?.kind === 'goal') return { kind: 'goal', update: { id: item.goal.id, changes: goalFields } };
  if (item?.kind === 'task')
    return {
      kind: 'task',
      update: { id: item.task.id, changes: { title, goalId: goalIdFromSelect(values.goalId), isToday } },
    };
  if (item?.kind === 'habit')
    return { kind: 'habit', update: { id: item.habit.id, changes: { title, isToday } } };
  if (kind === 'goal') return { kind: 'goal', create: goalFields };
  if (kind === 'task') {
    const goalId = goalContext ? goalContext.id : goalIdFromSelect(values.goalId);
    return { kind: 'task', create: { title, goalId, isToday } };
  }
  return { kind: 'habit', create: { title, isToday } };
}
