import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAll } from './invalidate';

/** Completed standalone todos (goalId null), or the completed tasks of one goal (docs/product.md#calls). */
export function deleteCompletedTasks(goalId: string | null) {
  const path = goalId === null ? '/api/tasks/completed' : `/api/goals/${goalId}/tasks/completed`;
  return apiRequest('DELETE', path);
}

export function useDeleteCompletedTasks() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCompletedTasks, onSettled: () => invalidateAll(queryClient) });
}
