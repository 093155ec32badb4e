import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, queryKeyOf } from '#shared/api/contract';
import type { TodayTask } from '#shared/api/today';
import type { Upcoming, UpcomingDay } from '#shared/api/upcoming';
import { addDays, type Day } from '#shared/domain/days';
import { callApi } from '../../../lib/api-client';

/*
 * GET /api/upcoming?from&to (docs/product.md#upcoming): one entry per day of the range, with the tasks
 * planned for it (repeats expanded) and the habits due on it, and the overdue tasks apart.
 */
export type { Upcoming, UpcomingDay };
export type UpcomingTask = TodayTask;

/** The first page: today and the next 14 days; each page after it adds 14 more (on scroll). */
export const UPCOMING_FIRST_DAYS = 15;
export const UPCOMING_MORE_DAYS = 14;

export const UPCOMING_QUERY_KEY = queryKeyOf(api.upcoming.get);

export function getUpcoming(from: Day, to: Day) {
  return callApi(api.upcoming.get, { query: { from, to } });
}

/** The range a page asks for: `from` and the days it covers. */
export type UpcomingPage = { from: Day; days: number };

export function upcomingQueryOptions(today: Day) {
  return infiniteQueryOptions({
    queryKey: [...UPCOMING_QUERY_KEY, { today }],
    queryFn: ({ pageParam }: { pageParam: UpcomingPage }) =>
      getUpcoming(pageParam.from, addDays(pageParam.from, pageParam.days - 1)),
    initialPageParam: { from: today, days: UPCOMING_FIRST_DAYS } as UpcomingPage,
    getNextPageParam: (_last: Upcoming, _all: Upcoming[], param: UpcomingPage): UpcomingPage => ({
      from: addDays(param.from, param.days),
      days: UPCOMING_MORE_DAYS,
    }),
  });
}

export type UpcomingData = InfiniteData<Upcoming, UpcomingPage>;

export function useUpcoming(today: Day) {
  return useInfiniteQuery(upcomingQueryOptions(today));
}
