import type { Goal } from '#shared/api/goals';
import type { Habit } from '#shared/api/habits';
import type { Task } from '#shared/api/tasks';

/** Item types (docs/product.md#entities-and-fields). */
export type ItemKind = 'goal' | 'task' | 'habit';

export const DEFAULT_ITEM_KIND: ItemKind = 'task';

/** The Item Type picker's names and descriptions, in the order shown (docs/product.md#item-dialog). */
export const ITEM_KINDS: ReadonlyArray<{ kind: ItemKind; label: string; description: string }> = [
  { kind: 'goal', label: 'Goal', description: 'A container for multiple tasks' },
  { kind: 'task', label: 'Task', description: 'A single actionable item' },
  { kind: 'habit', label: 'Habit', description: 'A recurring behavior to track' },
];

export const KIND_LABEL: Record<ItemKind, string> = { goal: 'Goal', task: 'Task', habit: 'Habit' };

/** An existing item opened in the dialog for editing; the kind decides the form. */
export type EditableItem =
  | { kind: 'goal'; goal: Goal }
  | { kind: 'task'; task: Task }
  | { kind: 'habit'; habit: Habit };

/** The goal a dialog is fixed to when a task is added from inside that goal. */
export type GoalContext = { id: string; title: string };

/** "Task created" / "Your task has been created successfully." and alike (docs/product.md#toasts). */
export function createdToast(kind: ItemKind) {
  return { title: `${KIND_LABEL[kind]} created`, description: `Your ${kind} has been created successfully.` };
}

/** "Tasks created" / "Habits created"; the description counts what was made (docs/product.md#toasts). */
export function bulkCreatedToast(kind: 'task' | 'habit', count: number) {
  return {
    title: `${KIND_LABEL[kind]}s created`,
    description: `Your ${count} ${kind}s have been created successfully.`,
  };
}

/** A save is confirmed like a create is (docs/product.md#toasts, docs/decisions/008-reordering.md). */
export function updatedToast(kind: ItemKind) {
  return { title: `${KIND_LABEL[kind]} updated`, description: `Your ${kind} has been updated successfully.` };
}
