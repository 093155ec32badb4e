import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '#shared/api/contract';
import { callQueryOptions } from '../../../lib/call-query';

/** The query is part of the key, so archived and unarchived lists are cached apart. */
export function goalsQueryOptions(showArchived: boolean) {
  return callQueryOptions(api.goals.list, { query: { showArchived: showArchived ? 'true' : 'false' } });
}

/** Toggling archived goals keeps the current list on screen until the other one arrives (no skeleton flash). */
export function useGoals(showArchived: boolean) {
  return useQuery({ ...goalsQueryOptions(showArchived), placeholderData: keepPreviousData });
}
