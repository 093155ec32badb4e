import type { QueryClient } from '@tanstack/react-query';

/**
 * Every read is refetched after a write (docs/product.md#call-conventions). Every read lives under ['api'],
 * so one call covers all.
 */
export function invalidateAll(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['api'] });
}
