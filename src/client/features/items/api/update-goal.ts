import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#shared/api/contract';
import type { UpdateGoalInput } from '#shared/api/goals';
import { callApi } from '../../../lib/api-client';
import { invalidateAll } from '../../../lib/refetch-after-write';

export type UpdateGoalVariables = { id: string; changes: UpdateGoalInput };

export function updateGoal({ id, changes }: UpdateGoalVariables) {
  return callApi(api.goals.update, { params: { id }, body: changes });
}

export function useUpdateGoal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateGoal, onSettled: () => invalidateAll(queryClient) });
}
