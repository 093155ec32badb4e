import type { QueryClient } from '@tanstack/react-query';
import { connectivity } from './connectivity';

/**
 * Every read is refetched after a write (docs/product.md#call-conventions). Every read lives under ['api'],
 * so one call covers all.
 *
 * A mutation's onSettled returns this, so the write stays pending until the fresh lists arrive and its
 * control does not flicker back meanwhile. While Stride cannot be reached the write was kept on the
 * device (docs/product.md#connectivity) and already shows; the refetch cannot answer until the network
 * is back, and waiting for it would hold the write's own toast ("Done for today", with Undo) until
 * then. It could then come after the toast saying the same change had been refused on reconnect, and
 * replace it (a journey in tests/e2e/connectivity.spec.ts failed so once). So offline the refetch is
 * asked for and not waited on.
 */
export function invalidateAll(queryClient: QueryClient): Promise<void> {
  const refetched = queryClient.invalidateQueries({ queryKey: ['api'] });
  return connectivity() === 'online' ? refetched : Promise.resolve();
}
