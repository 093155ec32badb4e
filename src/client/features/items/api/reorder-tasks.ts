import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#shared/api/contract';
import type { Task } from '#shared/api/tasks';
import { callApi } from '../../../lib/api-client';
import { invalidateAll } from '../../../lib/refetch-after-write';
import { TASKS_QUERY_KEY } from './get-tasks';
import { sortOrdersFor, withSortOrders } from './reorder';

/** The tasks of one section (a goal, or the standalone todos when goalId is null) in their new order. */
export type ReorderTasksVariables = { goalId: string | null; orderedIds: string[] };

export function reorderTasks({ goalId, orderedIds }: ReorderTasksVariables) {
  return callApi(api.tasks.reorder, { body: { goalId, items: sortOrdersFor(orderedIds) } });
}

/** Shown at once, rolled back on failure, then refetched (docs/product.md#reordering). */
export function useReorderTasks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderTasks,
    onMutate: async ({ orderedIds }) => {
      await queryClient.cancelQueries({ queryKey: TASKS_QUERY_KEY });
      const previous = queryClient.getQueryData<Task[]>(TASKS_QUERY_KEY);
      if (previous) queryClient.setQueryData<Task[]>(TASKS_QUERY_KEY, withSortOrders(previous, orderedIds));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(TASKS_QUERY_KEY, context.previous);
    },
    onSettled: () => invalidateAll(queryClient),
  });
}
