import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#shared/api/contract';
import type { CreateHabitInput } from '#shared/api/habits';
import { callApi } from '../../../lib/api-client';
import { withClientId } from '../../../lib/client-id';
import { invalidateAll } from '../../../lib/refetch-after-write';
import { createInOrder } from './create-in-order';

export function createHabit(input: CreateHabitInput) {
  return callApi(api.habits.create, { body: withClientId(input) });
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
