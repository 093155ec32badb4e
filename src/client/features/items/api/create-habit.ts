import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateHabitInput, Habit } from '#shared/api/habits';
import { apiRequest } from '../../../lib/api-client';
import { withClientId } from '../../../lib/client-id';
import { invalidateAll } from '../../../lib/refetch-after-write';
import { createInOrder } from './create-in-order';

export function createHabit(input: CreateHabitInput) {
  return apiRequest<Habit>('POST', '/api/habits', { body: withClientId(input) });
}

/** Bulk add: one POST per habit, in order (see createInOrder). */
export function createHabits(inputs: readonly CreateHabitInput[]) {
  return createInOrder(inputs, createHabit);
}

export function useCreateHabits() {
  const queryClient = useQueryClient();
  // Each POST is retried on its own inside createHabits; retrying the whole run would duplicate items.
  return useMutation({ mutationFn: createHabits, retry: false, onSettled: () => invalidateAll(queryClient) });
}
