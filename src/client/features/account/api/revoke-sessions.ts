import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#shared/api/contract';
import { callApi } from '../../../lib/api-client';
import { sessionsQueryKey } from './get-sessions';

/** DELETE /api/auth/sessions/:id: signs one device out. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(api.auth.endSession, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/** DELETE /api/auth/sessions: signs every device but this one out. */
export function useSignOutEverywhereElse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(api.auth.endOtherSessions),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
