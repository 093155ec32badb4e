import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Today } from '#shared/api/today';
import { apiRequest } from '../../../lib/api-client';
import { useHeldBackIds } from '../../../lib/held-back';

export const TODAY_QUERY_KEY = ['api', 'today'] as const;

export function getToday() {
  return apiRequest<Today>('GET', '/api/today');
}

export function todayQueryOptions() {
  return queryOptions({ queryKey: TODAY_QUERY_KEY, queryFn: getToday });
}

/** Today without rows deleted but held back for their Undo (lib/held-back.ts). */
export function useToday() {
  const held = useHeldBackIds();
  const select = useCallback(
    (today: Today) =>
      held.size === 0
        ? today
        : {
            tasks: today.tasks.filter((task) => !held.has(task.id)),
            habits: today.habits.filter((habit) => !held.has(habit.id)),
          },
    [held],
  );
  return useQuery({ ...todayQueryOptions(), select });
}
