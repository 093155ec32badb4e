import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#shared/api/contract';
import type { UpdateTaskInput } from '#shared/api/tasks';
import { callApi } from '../../../lib/api-client';
import { invalidateAll } from '../../../lib/refetch-after-write';

export type UpdateTaskVariables = { id: string; changes: UpdateTaskInput };

export function updateTask({ id, changes }: UpdateTaskVariables) {
  return callApi(api.tasks.update, { params: { id }, body: changes });
}

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTask, onSettled: () => invalidateAll(queryClient) });
}
