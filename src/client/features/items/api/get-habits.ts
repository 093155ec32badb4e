import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, queryKeyOf } from '#shared/api/contract';
import type { Habit } from '#shared/api/habits';
import { callQueryOptions } from '../../../lib/call-query';
import { useHeldBackIds } from '../../../lib/held-back';

export const HABITS_QUERY_KEY = queryKeyOf(api.habits.list);

export function habitsQueryOptions() {
  return callQueryOptions(api.habits.list);
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
