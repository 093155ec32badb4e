import { queryOptions, useQuery } from '@tanstack/react-query';
import { HabitListSchema } from '#shared/api/habits';
import { apiRequest } from '../../../lib/api-client';

export const HABITS_QUERY_KEY = ['api', 'habits'] as const;

export function getHabits() {
  return apiRequest('GET', '/api/habits', { schema: HabitListSchema });
}

export function habitsQueryOptions() {
  return queryOptions({ queryKey: HABITS_QUERY_KEY, queryFn: getHabits });
}

export function useHabits() {
  return useQuery(habitsQueryOptions());
}
