import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Task } from '#shared/api/tasks';
import { apiRequest } from '../../../lib/api-client';
import { useHeldBackIds } from '../../../lib/held-back';

export const TASKS_QUERY_KEY = ['api', 'tasks'] as const;

export function getTasks() {
  return apiRequest<Task[]>('GET', '/api/tasks');
}

export function tasksQueryOptions() {
  return queryOptions({ queryKey: TASKS_QUERY_KEY, queryFn: getTasks });
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
