import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateGoalInput, Goal, UpdateGoalInput } from '#shared/api/goals';
import type { CreateHabitInput, Habit, UpdateHabitInput } from '#shared/api/habits';
import type { CreateTaskInput, Task, UpdateTaskInput } from '#shared/api/tasks';
import { invalidateAll } from '../../../lib/refetch-after-write';
import { createGoal } from './create-goal';
import { createHabit } from './create-habit';
import { createTask } from './create-task';
import { updateGoal } from './update-goal';
import { updateHabit } from './update-habit';
import { updateTask } from './update-task';

/** What the item dialog's one-item form saves: a new item, or the changes to one, of any kind. */
export type SaveItemRequest =
  | { kind: 'goal'; create: CreateGoalInput }
  | { kind: 'goal'; update: { id: string; changes: UpdateGoalInput } }
  | { kind: 'task'; create: CreateTaskInput }
  | { kind: 'task'; update: { id: string; changes: UpdateTaskInput } }
  | { kind: 'habit'; create: CreateHabitInput }
  | { kind: 'habit'; update: { id: string; changes: UpdateHabitInput } };

/**
 * The saved item as the API answered it, or undefined when the change waits on the device to be sent
 * (lib/outbox.ts); the form needs only to know that it was saved or kept.
 */
export type SavedItem = Goal | Task | Habit | undefined;

export function saveItem(request: SaveItemRequest): Promise<SavedItem> {
  switch (request.kind) {
    case 'goal':
      return 'create' in request ? createGoal(request.create) : updateGoal(request.update);
    case 'task':
      return 'create' in request ? createTask(request.create) : updateTask(request.update);
    case 'habit':
      return 'create' in request ? createHabit(request.create) : updateHabit(request.update);
  }
}

/** One mutation for the form, whatever it saves, so its pending state and refetch are wired once. */
export function useSaveItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveItem, onSettled: () => invalidateAll(queryClient) });
}
