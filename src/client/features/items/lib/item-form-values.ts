import { z } from 'zod';
import { ChecklistInputSchema } from '#shared/api/checklist';
import { DESCRIPTION_MAX, TitleSchema } from '#shared/api/common';
import { GoalColorSchema } from '#shared/api/goals';
import { LabelSchema, LabelsInputSchema } from '#shared/api/labels';
import { type Day, isDay } from '#shared/domain/days';
import { labelsFromText, labelsToText } from '#shared/domain/labels';
import { DEFAULT_GOAL_COLOR } from '#shared/domain/palette';
import type { Priority } from '#shared/domain/priority';
import type { SaveItemRequest } from '../api/save-item';
import { checklistChange, checklistToSave, sameChecklistWords } from './checklist-edits';
import { goalIdFromSelect, NO_GOAL } from './goal-choice';
import type { EditableItem, GoalContext, ItemKind } from './item-kinds';
import {
  choiceOfDay,
  choiceOfRule,
  dayOfChoice,
  type PlanChoice,
  plannableRange,
  type RepeatChoice,
  ruleOfChoice,
  scheduleOf,
  scheduleValue,
} from './plan-choices';

/*
 * The one-item form's values and what they become (docs/product.md#item-dialog): one set of fields
 * for every kind (each kind shows only its own), turned into exactly the call that kind and mode make.
 */

/** A checklist item as the dialog's editor holds it: its words as typed, blank until filled in. */
const ChecklistFieldItemSchema = z.object({ id: z.string(), title: z.string(), done: z.boolean() });

/**
 * A task's checklist in the dialog, by the API's own rules (ChecklistInputSchema: each title a
 * title, at most CHECKLIST_MAX items), its messages put on the item they are about. Blank items are
 * not checked: the save leaves them out.
 */
const ChecklistFieldSchema = z.array(ChecklistFieldItemSchema).superRefine((items, context) => {
  const kept = items.flatMap((item, index) => (item.title.trim() === '' ? [] : [index]));
  const parsed = ChecklistInputSchema.safeParse(kept.map((index) => items[index]));
  if (parsed.success) return;
  for (const issue of parsed.error.issues) {
    const [at, ...rest] = issue.path;
    const index = typeof at === 'number' ? kept[at] : undefined;
    context.addIssue({
      code: 'custom',
      message: issue.message,
      path: index === undefined ? [] : [index, ...rest],
    });
  }
});

/**
 * A task's labels as the dialog's one line holds them ("errands calls"), by the API's own rules
 * (LabelsInputSchema); a word that breaks them is named before the rule it breaks.
 */
const LabelsFieldSchema = z.string().superRefine((text, context) => {
  const labels = labelsFromText(text);
  const wrong = labels.find((label) => !LabelSchema.safeParse(label).success);
  const parsed = LabelsInputSchema.safeParse(labels);
  if (parsed.success) return;
  const message = parsed.error.issues[0]?.message ?? 'Check the labels';
  context.addIssue({ code: 'custom', message: wrong === undefined ? message : `“${wrong}”: ${message}` });
});

/**
 * The title's rule, the description's length, the labels' and the checklist's rules, checked before anything is
 * sent (docs/product.md#form-rules); the others take what the controls allow.
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
  /** A task's day (docs/product.md#planning): a named choice, or "date" with `plannedDate`. */
  planChoice: z.enum(['none', 'today', 'tomorrow', 'next-week', 'date']),
  /** The date field's value (YYYY-MM-DD, or '' while none is picked). */
  plannedDate: z.string(),
  /** A task's repeat (docs/product.md#repeats), anchored on its day. */
  repeatChoice: z.enum(['none', 'daily', 'weekdays', 'weekly', 'monthly', 'yearly', 'keep']),
  /** A habit's schedule, as lib/plan-choices.ts writes it ("daily", "rule:…", "times:3", "keep"). */
  habitSchedule: z.string(),
  /** A task's or habit's reminder (docs/product.md#reminders): HH:MM from the time field, '' for none. */
  remindAt: z.string(),
  /** A task's priority (docs/product.md#priority), as the select's value: "0" none to "3" high. */
  priority: z.enum(['0', '1', '2', '3']),
  /** A task's labels (docs/product.md#labels), one line of words. */
  labels: LabelsFieldSchema,
  /** A task's checklist (docs/product.md#checklists), in its order. */
  checklist: ChecklistFieldSchema,
});

/** The form's schema for a person on `today`: a picked date must be one the API plans for. */
export function singleItemFormSchema(today: Day) {
  const { min, max } = plannableRange(today);
  return SingleItemFormSchema.superRefine((values, context) => {
    if (values.planChoice !== 'date') return;
    const day = values.plannedDate;
    if (day === '' || !isDay(day))
      context.addIssue({ code: 'custom', path: ['plannedDate'], message: PICK_A_DATE_MESSAGE });
    else if (day < min || day > max)
      context.addIssue({ code: 'custom', path: ['plannedDate'], message: DATE_RANGE_MESSAGE });
  });
}
export const PICK_A_DATE_MESSAGE = 'Pick a date, or choose another day';
export const DATE_RANGE_MESSAGE = 'Pick a date from 1 January 2000 to ten years ahead';

export type SingleItemFormInput = z.input<typeof SingleItemFormSchema>;
export type SingleItemFormValues = z.output<typeof SingleItemFormSchema>;

export function formDefaults(
  item: EditableItem | undefined,
  defaultIsToday: boolean,
  today: Day,
): SingleItemFormInput {
  const blank: SingleItemFormInput = {
    title: '',
    description: '',
    color: DEFAULT_GOAL_COLOR,
    isHabitGoal: false,
    isToday: defaultIsToday,
    goalId: NO_GOAL,
    planChoice: 'none',
    plannedDate: '',
    repeatChoice: 'none',
    habitSchedule: 'daily',
    remindAt: '',
    priority: '0',
    labels: '',
    checklist: [],
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
        description: item.task.description ?? '',
        isToday: item.task.isToday,
        goalId: item.task.goalId ?? NO_GOAL,
        planChoice: choiceOfDay(item.task.plannedFor, today),
        plannedDate: item.task.plannedFor ?? '',
        repeatChoice: choiceOfRule(item.task.repeat, item.task.plannedFor ?? today),
        remindAt: item.task.remindAt ?? '',
        priority: priorityValue(item.task.priority),
        // A copy saved before tasks had labels has none.
        labels: labelsToText(item.task.labels ?? []),
        // A copy saved before tasks had checklists has none.
        checklist: item.task.checklist ?? [],
      };
    case 'habit':
      return {
        ...blank,
        title: item.habit.title,
        description: item.habit.description ?? '',
        isToday: item.habit.isToday,
        habitSchedule: scheduleValue(item.habit),
        remindAt: item.habit.remindAt ?? '',
      };
  }
}

/**
 * The save the form makes. Editing a goal sends exactly title, description, color and isHabitGoal;
 * editing a task sends title, goalId and isToday, and description or plannedFor only when it changed
 * (an edit kept offline then leaves another device's description alone); a new task or habit sends
 * its description only when it has one; in a goal's context a new task joins that goal whatever the
 * form says (docs/product.md#dialog-lifecycle). A task's labels are sent only when they differ from its
 * own, a new task's only when it has some; its checklist only when the person changed it
 * (checklistChange).
 * `item` is what the form's fields came from (a rule "kept" is its rule); `current` is the item as the
 * lists have it now, which "only when changed" compares with: it differs from `item` when the item
 * changed on another device and the person kept their own values.
 */
export function saveRequestFor(
  kind: ItemKind,
  item: EditableItem | undefined,
  values: SingleItemFormValues,
  goalContext: GoalContext | undefined,
  today: Day,
  current: EditableItem | undefined = item,
): SaveItemRequest {
  const { title, isToday } = values;
  const remindAt = timeOfField(values.remindAt);
  const plannedFor = dayOfChoice(values.planChoice as PlanChoice, today, values.plannedDate);
  const kept = item?.kind === 'task' ? item.task.repeat : null;
  const repeat = ruleOfChoice(values.repeatChoice as RepeatChoice, plannedFor ?? today, kept);
  // Blank is none, as the API stores it (DescriptionSchema).
  const description = values.description.trim() || null;
  const priority = Number(values.priority) as Priority;
  const labels = labelsFromText(values.labels);
  const goalFields = {
    title,
    description,
    color: values.color,
    isHabitGoal: values.isHabitGoal,
  };
  if (item?.kind === 'goal') return { kind: 'goal', update: { id: item.goal.id, changes: goalFields } };
  if (item?.kind === 'task') {
    const now = current?.kind === 'task' ? current.task : item.task;
    return {
      kind: 'task',
      update: {
        id: item.task.id,
        changes: {
          title,
          goalId: goalIdFromSelect(values.goalId),
          isToday,
          ...(description === (now.description ?? null) ? {} : { description }),
          ...(plannedFor === now.plannedFor ? {} : { plannedFor }),
          ...(repeat === now.repeat ? {} : { repeat }),
          ...(remindAt === now.remindAt ? {} : { remindAt }),
          ...(priority === (now.priority ?? 0) ? {} : { priority }),
          ...(sameLabels(labels, now.labels ?? []) ? {} : { labels }),
          ...checklistChange(item.task.checklist ?? [], now.checklist ?? [], values.checklist),
        },
      },
    };
  }
  if (item?.kind === 'habit') {
    const now = current?.kind === 'habit' ? current.habit : item.habit;
    const { repeat: rule, timesPerWeek } = scheduleOf(values.habitSchedule, item.habit);
    const changed = rule !== now.repeat || timesPerWeek !== now.timesPerWeek;
    return {
      kind: 'habit',
      update: {
        id: item.habit.id,
        changes: {
          title,
          isToday,
          ...(description === (now.description ?? null) ? {} : { description }),
          ...(changed ? { repeat: rule, timesPerWeek } : {}),
          ...(remindAt === now.remindAt ? {} : { remindAt }),
        },
      },
    };
  }
  if (kind === 'goal') return { kind: 'goal', create: goalFields };
  if (kind === 'task') {
    const goalId = goalContext ? goalContext.id : goalIdFromSelect(values.goalId);
    const checklist = checklistToSave(values.checklist);
    return {
      kind: 'task',
      create: {
        title,
        ...(description ? { description } : {}),
        goalId,
        isToday,
        ...(plannedFor ? { plannedFor } : {}),
        ...(repeat ? { repeat } : {}),
        ...(remindAt ? { remindAt } : {}),
        ...(priority ? { priority } : {}),
        ...(labels.length > 0 ? { labels } : {}),
        ...(checklist.length > 0 ? { checklist } : {}),
      },
    };
  }
  const schedule = scheduleOf(values.habitSchedule, { repeat: null, timesPerWeek: null });
  return {
    kind: 'habit',
    create: {
      title,
      ...(description ? { description } : {}),
      isToday,
      ...(schedule.repeat ? { repeat: schedule.repeat } : {}),
      ...(schedule.timesPerWeek ? { timesPerWeek: schedule.timesPerWeek } : {}),
      ...(remindAt ? { remindAt } : {}),
    },
  };
}

/**
 * The time field's value as the API takes it: HH:MM, or null when cleared. A browser that writes
 * seconds ("07:30:00", with a step) gives the same minute.
 */
function timeOfField(value: string): string | null {
  return value === '' ? null : value.slice(0, 5);
}

/** The same labels in the same order and spelling: a label written anew in another case is a change. */
function sameLabels(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((label, index) => label === b[index]);
}

/** A task's priority as the select holds it; a copy saved before tasks had one has none. */
function priorityValue(priority: Priority | undefined): SingleItemFormInput['priority'] {
  return String(priority ?? 0) as SingleItemFormInput['priority'];
}

/** The fields an edit shows, per kind, and how the "changed elsewhere" line names them. */
const EDITED_FIELDS = {
  goal: [
    ['title', 'title'],
    ['description', 'description'],
    ['color', 'colour'],
    ['isHabitGoal', 'habit goal switch'],
  ],
  task: [
    ['title', 'title'],
    ['description', 'description'],
    ['goalId', 'goal'],
    ['isToday', 'Today'],
    ['plannedFor', 'day'],
    ['repeat', 'repeat'],
    ['remindAt', 'reminder'],
    ['priority', 'priority'],
  ],
  habit: [
    ['title', 'title'],
    ['description', 'description'],
    ['isToday', 'Today'],
    ['repeat', 'schedule'],
    ['timesPerWeek', 'schedule'],
    ['remindAt', 'reminder'],
  ],
} as const;

/**
 * What differs between two versions of one item, among the fields its edit form shows, named as the
 * dialog's "Changed on another device" line says them ("title", "Today"), each once. A tick (a
 * checklist item's too: lib/checklist-edits.ts), a count or a new position made elsewhere is not an
 * edit and names nothing.
 */
export function changedFields(before: EditableItem, after: EditableItem): string[] {
  const rowOf = (item: EditableItem): Record<string, unknown> =>
    item.kind === 'goal' ? item.goal : item.kind === 'task' ? item.task : item.habit;
  if (before.kind !== after.kind) return [];
  const a = rowOf(before);
  const b = rowOf(after);
  // A copy saved by an older app may lack a field newer ones have (a description): missing is none.
  const names: string[] = EDITED_FIELDS[before.kind]
    .filter(([field]) => (a[field] ?? null) !== (b[field] ?? null))
    .map(([, name]) => name);
  // A list is a new array at every read: its words and order are compared, never its ticks.
  if (before.kind === 'task' && after.kind === 'task') {
    if (!sameLabels(before.task.labels ?? [], after.task.labels ?? [])) names.push('labels');
    if (!sameChecklistWords(before.task.checklist ?? [], after.task.checklist ?? [])) names.push('checklist');
  }
  return [...new Set(names)];
}
