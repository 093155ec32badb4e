import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#shared/api/contract';
import { callApi } from '../../../lib/api-client';
import { invalidateAll } from '../../../lib/refetch-after-write';
import { offerUndo } from '../../../lib/undo';
import type { TodayItem } from '../lib/today-items';

type ClearTarget = Pick<TodayItem, 'kind' | 'id' | 'todaySortOrder'>;

/** Sets Today membership (and the place on Today) of one task or habit. */
const setToday = (item: ClearTarget, body: { isToday: boolean; todaySortOrder?: number }) =>
  callApi(item.kind === 'task' ? api.tasks.update : api.habits.update, { params: { id: item.id }, body });

/** One PATCH per item setting isToday false (docs/product.md#call-conventions). */
export async function clearToday(items: readonly ClearTarget[]): Promise<void> {
  await Promise.all(items.map((item) => setToday(item, { isToday: false })));
}

/** Undo of Clear Today: each item back on Today at the position it had (docs/product.md#undo). */
export async function restoreToday(items: readonly ClearTarget[]): Promise<void> {
  await Promise.all(
    items.map((item) => setToday(item, { isToday: true, todaySortOrder: item.todaySortOrder })),
  );
}

/**
 * Clear Today: does nothing (no call, no toast) when the list is already empty
 * (docs/product.md#form-rules); its toast offers Undo.
 */
export function useClearToday() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: clearToday,
    onSuccess: (_, items) =>
      offerUndo({
        message: { title: 'Cleared Today', description: 'All items removed from your today list.' },
        revert: () => restoreToday(items),
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
