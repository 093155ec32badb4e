import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateHabitInput, HabitSchema } from '../../../../shared/api/habits';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAll } from './invalidate';

export function createHabit(input: CreateHabitInput) {
  return apiRequest('POST', '/api/habits', { body: input, schema: HabitSchema });
}

/** One POST per habit, in order (see createTasks). */
export async function createHabits(inputs: readonly CreateHabitInput[]) {
  const created = [];
  for (const input of inputs) created.push(await createHabit(input));
  return created;
}

export function useCreateHabit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createHabit, onSettled: () => invalidateAll(queryClient) });
}

export function useCreateHabits() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createHabits, onSettled: () => invalidateAll(queryClient) });
}
