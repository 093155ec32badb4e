import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type Day, dayAt, msUntilNextDay } from '#shared/domain/days';

/** Refetch a moment after the day changes so the server, using the same rule, is surely on the new day. */
export const DAY_CHANGE_MARGIN_MS = 1000;

/**
 * "Completed today" is computed for the person's day (docs/product.md#completion-and-days), and
 * queries are neither polled nor refetched on focus. So a page left open across the day's start gets
 * exactly one refetch of everything when the next day starts, decided by the same `dayAt` the server
 * uses, with the zone and "day starts at" hour the server uses for this person. A sleeping laptop can
 * hold timers back, so coming back to the tab on a different day refetches too.
 *
 * Answers the person's day, which turns at the same moment (lib/persons-day.ts).
 */
export function useDayChangeRefresh(timeZone: string, dayStartHour: number): Day {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(() => dayAt(new Date(), timeZone, dayStartHour));
  useEffect(() => {
    const today = () => dayAt(new Date(), timeZone, dayStartHour);
    let day = today();
    setShown(day);
    let timer: ReturnType<typeof setTimeout> | undefined;

    const refresh = () => {
      day = today();
      setShown(day);
      void queryClient.invalidateQueries({ queryKey: ['api'] });
    };
    const arm = () => {
      timer = setTimeout(
        () => {
          refresh();
          arm();
        },
        msUntilNextDay(new Date(), timeZone, dayStartHour) + DAY_CHANGE_MARGIN_MS,
      );
    };
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || today() === day) return;
      clearTimeout(timer);
      refresh();
      arm();
    };

    arm();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [queryClient, timeZone, dayStartHour]);
  return shown;
}
