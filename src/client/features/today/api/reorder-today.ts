import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#shared/api/contract';
import type { TodayReorderInput } from '#shared/api/reorder';
import type { Today } from '#shared/api/today';
import { callApi } from '../../../lib/api-client';
import { invalidateAll } from '../../../lib/refetch-after-write';
import { applyTodayOrder } from '../lib/today-items';
import { TODAY_QUERY_KEY } from './get-today';

export function reorderToday(input: TodayReorderInput) {
  return callApi(api.today.reorder, { body: input });
}

/**
 * The new order shows at once, is rolled back if the server refuses it, and the data is refetched
 * either way so the list ends up as the server has it (docs/product.md#reordering).
 */
export function useReorderToday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderToday,
    onMutate: async (input) => {
      // A refetch landing after the optimistic write would briefly put the old order back.
      await queryClient.cancelQueries({ queryKey: TODAY_QUERY_KEY });
      const previous = queryClient.getQueryData<Today>(TODAY_QUERY_KEY);
      if (previous) queryClient.setQueryData<Today>(TODAY_QUERY_KEY, applyTodayOrder(previous, input.items));
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData<Today>(TODAY_QUERY_KEY, context.previous);
    },
    onSettled: () => invalidateAll(queryClient),
  });
}
