import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { AuthUser } from '#shared/api/auth';
import { type Day, DEFAULT_DAY_START_HOUR, DEFAULT_TIME_ZONE, dayAt } from '#shared/domain/days';
import { browserTimeZone } from './request-init';
import { USER_QUERY_KEY } from './signed-in-user';

/*
 * The person's day (docs/product.md#completion-and-days): what "Today", "Tomorrow" and "Overdue" on the
 * cards, the dialog's day choices and Upcoming count from. The app's frame computes it with `dayAt`,
 * the zone and "day starts at" the server uses for this person, and turns it at the day's start
 * (lib/use-day-change-refresh.ts); every screen reads it here, never from the device's clock alone.
 */
export const PersonsDayContext = createContext<Day | null>(null);

/** The person's day; outside the app's frame (a lone component in a test), the browser's own day. */
export function usePersonsDay(): Day {
  return (
    useContext(PersonsDayContext) ?? dayAt(new Date(), browserTimeZone() ?? 'UTC', DEFAULT_DAY_START_HOUR)
  );
}

/**
 * The person's day outside React (a change kept offline, lib/offline-changes.ts), by the same rule as
 * the app's frame (app/router.tsx): the signed-in person's zone and day start, else the browser's.
 */
export function personsDayOf(queryClient: QueryClient, now: Date = new Date()): Day {
  const user = queryClient.getQueryData<AuthUser | null>(USER_QUERY_KEY);
  return dayAt(
    now,
    user?.timeZone ?? browserTimeZone() ?? DEFAULT_TIME_ZONE,
    user?.dayStartHour ?? DEFAULT_DAY_START_HOUR,
  );
}
