import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserInput } from '#shared/api/auth';
import { api } from '#shared/api/contract';
import { callApi } from '../../../lib/api-client';
import { invalidateAll } from '../../../lib/refetch-after-write';

/**
 * PATCH /api/auth/user: the zone and "day starts at" hour. Every daily tick on every screen depends
 * on them, so everything is refetched afterwards, the current user included.
 */
export function useUpdateDaySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateUserInput) => callApi(api.auth.updateUser, { body: input }),
    onSettled: () => invalidateAll(queryClient),
  });
}
