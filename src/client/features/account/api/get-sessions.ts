import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryKeyOf } from '#shared/api/contract';
import { callQueryOptions } from '../../../lib/call-query';

export const sessionsQueryKey = queryKeyOf(api.auth.sessions);

/** GET /api/auth/sessions: this person's signed-in devices, this one marked. */
export const sessionsQueryOptions = queryOptions({
  ...callQueryOptions(api.auth.sessions),
  // A list of devices goes stale the moment another one signs in: always ask again on opening.
  staleTime: 0,
});

export const useSessions = () => useQuery(sessionsQueryOptions);
