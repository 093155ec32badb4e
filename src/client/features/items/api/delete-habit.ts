import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAll } from './invalidate';

export function deleteHabit(id: string) {
  return apiRequest('DELETE', `/api/habits/${id}`);
}

export function useDeleteHabit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteHabit, onSettled: () => invalidateAll(queryClient) });
}
