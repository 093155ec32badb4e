import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAll } from '../../../lib/refetch-after-write';
import { setDayDone } from './get-history';

/**
 * Marks a past (or today's) day done or not done from the history. Counts, streaks and "completed
 * today" show on Today, All Items and Execution Mode alike, so everything is refetched.
 */
export function useSetDayDone() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setDayDone, onSettled: () => invalidateAll(queryClient) });
}
