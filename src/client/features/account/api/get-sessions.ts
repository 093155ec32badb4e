import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountSessionList } from '#shared/api/auth';
import { apiRequest } from '../../../lib/api-client';

export const sessionsQueryKey = ['api', 'auth', 'sessions'] as const;

/** GET /api/auth/sessions: this person's signed-in devices, this one marked. */
export const sessionsQueryOptions = queryOptions({
  queryKey: sessionsQueryKey,
  queryFn: () => apiRequest<AccountSessionList>('GET', '/api/auth/sessions'),
  // A list of devices goes stale the moment another one signs in: always ask again on opening.
  staleTime: 0,
});

export const useSessions = () => useQuery(sessionsQueryOptions);
