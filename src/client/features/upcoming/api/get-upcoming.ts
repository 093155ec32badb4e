import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Habit } from '#shared/api/habits';
import type { Task, TaskGoalSummary } from '#shared/api/tasks';
import { addDays, type Day } from '#shared/domain/days';
import { apiRequest } from '../../../lib/api-client';

/*
 * GET /api/upcoming?from&to (docs/product.md#upcoming-screen): one entry per day of the range, with the
 * tasks planned for it (repeats expanded) and the habits due on it. The types are built from the
 * shared Task and Habit until the server's answer schema is in src/shared/api (the answer is the one
 * the product names: { days: [{ day, tasks, habits }] }).
 */
export type UpcomingTask = Task & { goal?: TaskGoalSummary | null };
export type UpcomingDay = { day: Day; tasks: UpcomingTask[]; habits: Habit[] };
export type Upcoming = { days: UpcomingDay[] };

/** The first page: today and the next 14 days; each page after it adds 14 more (on scroll). */
export const UPCOMING_FIRST_DAYS = 15;
export const UPCOMING_MORE_DAYS = 14;

export const UPCOMING_QUERY_KEY = ['api', 'upcoming'] as const;

export function getUpcoming(from: Day, to: Day) {
  return apiRequest<Upcoming>('GET', `/api/upcoming?from=${from}&to=${to}`);
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
