// The card icons' pictures load with the screens that draw cards (components/ui/mask-icon.tsx).
import 'virtual:card-icons.css';
import { useEffect, useMemo, useRef } from 'react';
import { PlanAllForToday } from '../../components/plan-all-for-today';
import { Button } from '../../components/ui/button';
import { LoadFailure } from '../../components/ui/load-failure';
import { Skeleton } from '../../components/ui/skeleton';
import { SelectionScope, TaskCard } from '../../features/items';
import {
  UpcomingDays,
  type UpcomingTask,
  upcomingGroups,
  useMoveTask,
  useUpcoming,
} from '../../features/upcoming';
import { errorText } from '../../lib/error-text';
import { notifyError } from '../../lib/notify-error';
import { usePersonsDay } from '../../lib/persons-day';
import { Screen } from '../layout/screen';

/**
 * Upcoming (docs/product.md#upcoming-screen): what is overdue, then today and the days after it, more
 * as the person scrolls; tasks move between days by drag or by their "Move to…" menu.
 */
export function UpcomingRoute() {
  const today = usePersonsDay();
  const upcoming = useUpcoming(today);
  const move = useMoveTask();

  const days = useMemo(() => upcoming.data?.pages.flatMap((page) => page.days) ?? [], [upcoming.data]);
  const groups = useMemo(
    () => upcomingGroups(today, upcoming.data?.pages[0]?.overdue ?? [], days),
    [today, upcoming.data, days],
  );

  // More days when the end of the list comes into view; after a failed load only by the button, so a
  // server that keeps failing is not asked again and again while the end stays in view.
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = upcoming;
  useEffect(() => {
    const target = end.current;
    if (!target || !hasNextPage || isFetchNextPageError || typeof IntersectionObserver === 'undefined')
      return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const onMove = (task: UpcomingTask, from: string | null, to: string) =>
    move.mutate(
      { id: task.id, from, to },
      { onError: (error) => notifyError('Could not move the task', error) },
    );

  return (
    <SelectionScope>
      <Screen>
        <header className="flex items-baseline justify-between gap-3">
          <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">Upcoming</h1>
        </header>
        {upcoming.isPending ? (
          <div role="status" aria-label="Loading upcoming days" className="flex flex-col gap-3">
            <Skeleton className="h-5 w-24" />
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : upcoming.isError && days.length === 0 ? (
          <LoadFailure
            title="Could not load your upcoming days"
            reason={errorText(upcoming.error)}
            onRetry={() => void upcoming.refetch()}
          />
        ) : (
          <>
            <UpcomingDays
              groups={groups}
              today={today}
              onMove={onMove}
              headingAction={(group, headingId) =>
                group.day === null ? <PlanAllForToday tasks={group.tasks} describedBy={headingId} /> : null
              }
              renderTask={(task, handle, isDragging, day) => (
                <TaskCard
                  task={task}
                  dayInHeading={day !== null}
                  goal={task.goal}
                  showGoal={Boolean(task.goal)}
                  tint
                  planMenuLabel="Move to…"
                  dragHandle={handle}
                  isDragging={isDragging}
                  movesBy="day"
                />
              )}
            />
            <div ref={end} className="flex flex-col items-center gap-2 py-2">
              {hasNextPage && isFetchNextPageError && !isFetchingNextPage && (
                <p role="alert" className="text-center text-destructive text-sm">
                  Could not load more days. {errorText(upcoming.error)}
                </p>
              )}
              {hasNextPage && (
                <Button variant="outline" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
                  {isFetchingNextPage
                    ? 'Loading more days…'
                    : isFetchNextPageError
                      ? 'Try again'
                      : 'Show more days'}
                </Button>
              )}
            </div>
          </>
        )}
      </Screen>
    </SelectionScope>
  );
}
