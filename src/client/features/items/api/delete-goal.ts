import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#shared/api/contract';
import { callApi } from '../../../lib/api-client';
import { invalidateAll } from '../../../lib/refetch-after-write';

export function deleteGoal(id: string) {
  return callApi(api.goals.remove, { params: { id } });
}

export function useDeleteGoal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteGoal, onSettled: () => invalidateAll(queryClient) });
}
