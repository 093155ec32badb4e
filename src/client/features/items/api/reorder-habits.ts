import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#shared/api/contract';
import type { Habit } from '#shared/api/habits';
import { callApi } from '../../../lib/api-client';
import { invalidateAll } from '../../../lib/refetch-after-write';
import { HABITS_QUERY_KEY } from './get-habits';
import { sortOrdersFor, withSortOrders } from './reorder';

export type ReorderHabitsVariables = { orderedIds: string[] };

export function reorderHabits({ orderedIds }: ReorderHabitsVariables) {
  return callApi(api.habits.reorder, { body: { items: sortOrdersFor(orderedIds) } });
}

/** Shown at once, rolled back on failure, then refetched (docs/product.md#reordering). */
export function useReorderHabits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderHabits,
    onMutate: async ({ orderedIds }) => {
      await queryClient.cancelQueries({ queryKey: HABITS_QUERY_KEY });
      const previous = queryClient.getQueryData<Habit[]>(HABITS_QUERY_KEY);
      if (previous) queryClient.setQueryData<Habit[]>(HABITS_QUERY_KEY, withSortOrders(previous, orderedIds));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(HABITS_QUERY_KEY, context.previous);
    },
    onSettled: () => invalidateAll(queryClient),
  });
}
