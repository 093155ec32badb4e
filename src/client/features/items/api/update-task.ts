import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task, UpdateTaskInput } from '#shared/api/tasks';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAll } from '../../../lib/refetch-after-write';

export type UpdateTaskVariables = { id: string; changes: UpdateTaskInput };

export function updateTask({ id, changes }: UpdateTaskVariables) {
  return apiRequest<Task>('PATCH', `/api/tasks/${id}`, { body: changes });
}

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTask, onSettled: () => invalidateAll(queryClient) });
}
