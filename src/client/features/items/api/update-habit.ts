import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#shared/api/contract';
import type { UpdateHabitInput } from '#shared/api/habits';
import { callApi } from '../../../lib/api-client';
import { invalidateAll } from '../../../lib/refetch-after-write';

export type UpdateHabitVariables = { id: string; changes: UpdateHabitInput };

export function updateHabit({ id, changes }: UpdateHabitVariables) {
  return callApi(api.habits.update, { params: { id }, body: changes });
}

export function useUpdateHabit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateHabit, onSettled: () => invalidateAll(queryClient) });
}
