import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { invalidateAll } from '../../../lib/refetch-after-write';

/**
 * A card's rarer writes (a priority by its key, Duplicate), each given as the call to make: a mutation
 * made when the write is, not a hook in every card, since a card is drawn hundreds of times on All Items
 * and these are seldom used. It takes the app's mutation defaults (retries) as a hook's would, and every
 * list is read again before it settles, as after any write.
 */
export function cardWrite<T>(queryClient: QueryClient, write: () => Promise<T>): Promise<T> {
  return new MutationObserver<T, unknown, void>(queryClient, {
    mutationFn: write,
    onSettled: () => invalidateAll(queryClient),
  }).mutate();
}
