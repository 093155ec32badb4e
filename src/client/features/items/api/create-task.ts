import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateTaskInput, TaskSchema } from '../../../../shared/api/tasks';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAll } from './invalidate';

export function createTask(input: CreateTaskInput) {
  return apiRequest('POST', '/api/tasks', { body: input, schema: TaskSchema });
}

/**
 * Bulk add is one POST per task (SPEC §7), sent one after another so a failure part-way leaves the
 * created ones in the order typed.
 */
export async function createTasks(inputs: readonly CreateTaskInput[]) {
  const created = [];
  for (const input of inputs) created.push(await createTask(input));
  return created;
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTask, onSettled: () => invalidateAll(queryClient) });
}

export function useCreateTasks() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTasks, onSettled: () => invalidateAll(queryClient) });
}
