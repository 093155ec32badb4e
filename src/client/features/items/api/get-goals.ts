import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Goal } from '#shared/api/goals';
import { apiRequest } from '../../../lib/api-client';

export function getGoals(showArchived: boolean) {
  return apiRequest<Goal[]>('GET', `/api/goals?showArchived=${showArchived}`);
}

/** The option object is part of the key so archived and unarchived lists are cached apart. */
export function goalsQueryOptions(showArchived: boolean) {
  return queryOptions({
    queryKey: ['api', 'goals', { showArchived }],
    queryFn: () => getGoals(showArchived),
  });
}

/** Toggling archived goals keeps the current list on screen until the other one arrives (no skeleton flash). */
export function useGoals(showArchived: boolean) {
  return useQuery({ ...goalsQueryOptions(showArchived), placeholderData: keepPreviousData });
}
