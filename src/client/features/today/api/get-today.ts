import { queryOptions, useQuery } from '@tanstack/react-query';
import { TodaySchema } from '#shared/api/today';
import { apiRequest } from '../../../lib/api-client';

export const TODAY_QUERY_KEY = ['api', 'today'] as const;

export function getToday() {
  return apiRequest('GET', '/api/today', { schema: TodaySchema });
}

export function todayQueryOptions() {
  return queryOptions({ queryKey: TODAY_QUERY_KEY, queryFn: getToday });
}

export function useToday() {
  return useQuery(todayQueryOptions());
}
