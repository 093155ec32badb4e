import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Habit, UpdateHabitInput } from '#shared/api/habits';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAll } from '../../../lib/refetch-after-write';

export type UpdateHabitVariables = { id: string; changes: UpdateHabitInput };

export function updateHabit({ id, changes }: UpdateHabitVariables) {
  return apiRequest<Habit>('PATCH', `/api/habits/${id}`, { body: changes });
}

export function useUpdateHabit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateHabit, onSettled: () => invalidateAll(queryClient) });
}
