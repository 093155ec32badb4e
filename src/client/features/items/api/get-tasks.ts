import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, queryKeyOf } from '#shared/api/contract';
import type { Task } from '#shared/api/tasks';
import { callQueryOptions } from '../../../lib/call-query';
import { useHeldBackIds } from '../../../lib/held-back';

export const TASKS_QUERY_KEY = queryKeyOf(api.tasks.list);

export function tasksQueryOptions() {
  return callQueryOptions(api.tasks.list);
}

/** The list without rows deleted but held back for their Undo (lib/held-back.ts). */
export function useTasks() {
  const held = useHeldBackIds();
  const select = useCallback(
    (rows: Task[]) => (held.size === 0 ? rows : rows.filter((row) => !held.has(row.id))),
    [held],
  );
  return useQuery({ ...tasksQueryOptions(), select });
}
