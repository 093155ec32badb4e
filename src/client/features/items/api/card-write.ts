import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAll } from '../../../lib/refetch-after-write';

/**
 * One mutation for a card's rarer writes (a priority by its key, Duplicate), each given as the call to
 * make: a card is drawn hundreds of times on All Items and its menu's actions are seldom used, so they
 * share one observer rather than one each. Every list is read again after it, as after any write.
 */
export function useCardWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: () => Promise<unknown>) => write(),
    onSettled: () => invalidateAll(queryClient),
  });
}
