import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { apiRequest } from '../../../lib/api-client';
import type { TodayItem } from '../lib/today-items';

type ClearTarget = Pick<TodayItem, 'kind' | 'id'>;

/** One PATCH per item setting isToday false (docs/product.md#call-conventions). */
export async function clearToday(items: readonly ClearTarget[]): Promise<void> {
  await Promise.all(
    items.map((item) =>
      apiRequest('PATCH', `/api/${item.kind === 'task' ? 'tasks' : 'habits'}/${item.id}`, {
        body: { isToday: false },
      }),
    ),
  );
}

/**
 * Clear Today: does nothing (no call, no toast) when the list is already empty
 * (docs/product.md#form-rules).
 */
export function useClearToday() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: clearToday,
    onSuccess: () =>
      toast({ title: 'Cleared Today', description: 'All items removed from your today list.' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['api'] }),
  });
  return {
    clear: (items: readonly ClearTarget[], onError?: (error: Error) => void) => {
      if (items.length > 0) mutation.mutate(items, { onError });
    },
    isPending: mutation.isPending,
  };
}
