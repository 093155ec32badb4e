import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Goal, UpdateGoalInput } from '#shared/api/goals';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAll } from '../../../lib/refetch-after-write';

export type UpdateGoalVariables = { id: string; changes: UpdateGoalInput };

export function updateGoal({ id, changes }: UpdateGoalVariables) {
  return apiRequest<Goal>('PATCH', `/api/goals/${id}`, { body: changes });
}

export function useUpdateGoal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateGoal, onSettled: () => invalidateAll(queryClient) });
}
