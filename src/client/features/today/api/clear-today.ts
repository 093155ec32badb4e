import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAll } from '../../../lib/refetch-after-write';
import { putBackOnToday, takeOffToday } from '../../../lib/today-membership';
import { offerUndo } from '../../../lib/undo';
import type { TodayItem } from '../lib/today-items';

type ClearTarget = Pick<TodayItem, 'kind' | 'id' | 'todaySortOrder'>;

/**
 * Clear Today: does nothing (no call, no toast) when the list is already empty
 * (docs/product.md#form-rules); its toast offers Undo.
 */
export function useClearToday() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: takeOffToday,
    onSuccess: (_, items) =>
      offerUndo({
        message: { title: 'Cleared Today', description: 'All items removed from your today list.' },
        revert: () => putBackOnToday(items),
        failure: 'Could not put the items back on Today',
      }),
    onSettled: () => invalidateAll(queryClient),
  });
  return {
    clear: (items: readonly ClearTarget[], onError?: (error: Error) => void) => {
      if (items.length > 0)
        mutation.mutate(
          items.map(({ kind, id, todaySortOrder }) => ({ kind, id, todaySortOrder })),
          { onError },
        );
    },
    isPending: mutation.isPending,
  };
}
