import { queryOptions, useQuery } from '@tanstack/react-query';
import { TaskListSchema } from '#shared/api/tasks';
import { apiRequest } from '../../../lib/api-client';

export const TASKS_QUERY_KEY = ['api', 'tasks'] as const;

export function getTasks() {
  return apiRequest('GET', '/api/tasks', { schema: TaskListSchema });
}

export function tasksQueryOptions() {
  return queryOptions({ queryKey: TASKS_QUERY_KEY, queryFn: getTasks });
}

export function useTasks() {
  return useQuery(tasksQueryOptions());
}
