import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#shared/api/contract';
import type { Day } from '#shared/domain/days';
import { callApi } from '../../../lib/api-client';
import { invalidateAll } from '../../../lib/refetch-after-write';
import { moveOnUpcoming } from '../../../lib/upcoming-moves';
import { UPCOMING_QUERY_KEY, type UpcomingData } from './get-upcoming';

export type MoveTaskVariables = { id: string; from: Day | null; to: Day };

/** Plans a task for another day: PATCH plannedFor (docs/product.md#upcoming-screen). */
export function moveTask({ id, to }: MoveTaskVariables) {
  return callApi(api.tasks.update, { params: { id }, body: { plannedFor: to } });
}

/**
 * A move shows at once: the task leaves its day and joins the new one in the cached pages
 * (lib/upcoming-moves.ts), the snapshot comes back on failure, and every list is read again when it
 * settles (as reorders do, docs/product.md#reordering).
 */
export function useMoveTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveTask,
    onMutate: async (move) => {
      await queryClient.cancelQueries({ queryKey: UPCOMING_QUERY_KEY });
      const before = queryClient.getQueriesData<UpcomingData>({ queryKey: UPCOMING_QUERY_KEY });
      queryClient.setQueriesData<UpcomingData>({ queryKey: UPCOMING_QUERY_KEY }, (data) =>
        data ? moveOnUpcoming(data, move) : data,
      );
      return { before };
    },
    onError: (_error, _move, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => invalidateAll(queryClient),
  });
}
