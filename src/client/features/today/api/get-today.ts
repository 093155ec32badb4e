import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, queryKeyOf } from '#shared/api/contract';
import type { Today } from '#shared/api/today';
import { callQueryOptions } from '../../../lib/call-query';
import { useHeldBackIds } from '../../../lib/held-back';

export const TODAY_QUERY_KEY = queryKeyOf(api.today.get);

export function todayQueryOptions() {
  return callQueryOptions(api.today.get);
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
