import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Habit } from '#shared/api/habits';
import { apiRequest } from '../../../lib/api-client';
import { useHeldBackIds } from '../../../lib/held-back';

export const HABITS_QUERY_KEY = ['api', 'habits'] as const;

export function getHabits() {
  return apiRequest<Habit[]>('GET', '/api/habits');
}

export function habitsQueryOptions() {
  return queryOptions({ queryKey: HABITS_QUERY_KEY, queryFn: getHabits });
}

/** The list without rows deleted but held back for their Undo (lib/held-back.ts). */
export function useHabits() {
  const held = useHeldBackIds();
  const select = useCallback(
    (rows: Habit[]) => (held.size === 0 ? rows : rows.filter((row) => !held.has(row.id))),
    [held],
  );
  return useQuery({ ...habitsQueryOptions(), select });
}
