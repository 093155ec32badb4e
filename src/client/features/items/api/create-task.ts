import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#shared/api/contract';
import type { CreateTaskInput } from '#shared/api/tasks';
import { callApi } from '../../../lib/api-client';
import { withClientId } from '../../../lib/client-id';
import { invalidateAll } from '../../../lib/refetch-after-write';
import { createInOrder } from './create-in-order';

export function createTask(input: CreateTaskInput) {
  return callApi(api.tasks.create, { body: withClientId(input) });
}

/** Bulk add: one POST per task, in order (see createInOrder). */
export function createTasks(inputs: readonly CreateTaskInput[]) {
  return createInOrder(inputs, createTask);
}

export function useCreateTasks() {
  const queryClient = useQueryClient();
  // Each POST is retried on its own inside createTasks; retrying the whole run would duplicate items.
  return useMutation({ mutationFn: createTasks, retry: false, onSettled: () => invalidateAll(queryClient) });
}
