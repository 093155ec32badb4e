import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/** Refetch a moment after midnight so the server, using the same zone, is surely on the new day. */
export const MIDNIGHT_MARGIN_MS = 1000;

/** Milliseconds from `now` to the next local midnight (DST-safe: the Date constructor does the calendar). */
export function msUntilNextLocalMidnight(now: Date): number {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 0, 0, 0, 0);
  return next.getTime() - now.getTime();
}

function localDayOf(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}

/**
 * "Completed today" is computed for the user's local day, and queries are not polled nor refetched on
 * focus (docs/product.md#call-conventions). So a page left open across midnight gets exactly one
 * refetch of everything at the next local midnight. A sleeping laptop can hold timers back, so coming
 * back to the tab on a different day refetches too.
 */
export function useMidnightRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let day = localDayOf(new Date());
    let timer: ReturnType<typeof setTimeout> | undefined;

    const refresh = () => {
      day = localDayOf(new Date());
      void queryClient.invalidateQueries({ queryKey: ['api'] });
    };
    const arm = () => {
      timer = setTimeout(() => {
        refresh();
        arm();
      }, msUntilNextLocalMidnight(new Date()) + MIDNIGHT_MARGIN_MS);
    };
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || localDayOf(new Date()) === day) return;
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
  }, [queryClient]);
}
