import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAll } from '../../../lib/refetch-after-write';

export function deleteGoal(id: string) {
  return apiRequest('DELETE', `/api/goals/${id}`);
}

export function useDeleteGoal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteGoal, onSettled: () => invalidateAll(queryClient) });
}
