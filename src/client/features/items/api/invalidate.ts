import type { QueryClient } from '@tanstack/react-query';

/** SPEC §7: data is refetched after mutations. Every read lives under ['api'], so one call covers all. */
export function invalidateAll(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['api'] });
}
