import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAll } from './invalidate';

export function deleteTask(id: string) {
  return apiRequest('DELETE', `/api/tasks/${id}`);
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTask, onSettled: () => invalidateAll(queryClient) });
}
