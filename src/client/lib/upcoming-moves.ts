import type { InfiniteData } from '@tanstack/react-query';
import type { TodayTask } from '#shared/api/today';
import type { Upcoming } from '#shared/api/upcoming';
import type { Day } from '#shared/domain/days';

/**
 * A task planned for another day: `from` the day it was shown under (null: Overdue; undefined: it was
 * not shown), `to` its new day (null: none).
 */
export type UpcomingMove = { id: string; from: Day | null | undefined; to: Day | null };

/**
 * Upcoming's loaded pages with one task moved before the server answers (docs/product.md#upcoming-screen):
 * it leaves `from` and joins the end of `to`, whichever pages they are on, with its new plannedFor (or
 * Overdue, for a day gone by); with no day it only leaves. A drag moves it so, and so does a change kept offline (lib/offline-changes.ts).
 * A repeating task's other days stay until the lists are read again: the server decides them.
 */
export function moveOnUpcoming<Param>(
  data: InfiniteData<Upcoming, Param>,
  move: UpcomingMove,
  /** The task as another list shows it, for one Upcoming did not show (a task without a day). */
  unshown?: TodayTask,
): InfiniteData<Upcoming, Param> {
  const leaves = (tasks: TodayTask[]) => tasks.filter((task) => task.id !== move.id);
  let moved: TodayTask | undefined;
  for (const page of data.pages) {
    const shown = move.from === null ? page.overdue : page.days.find((day) => day.day === move.from)?.tasks;
    moved ??= shown?.find((task) => task.id === move.id);
  }
  moved ??= unshown;
  if (!moved) return data;
  const arrived = move.to === null ? undefined : { ...moved, plannedFor: move.to };
  // A day gone by (an Undo of "Plan all for today", a date picked in the past): an open task is
  // overdue, listed with the first page as the server lists it.
  const today = data.pages[0]?.today;
  const late = arrived && !arrived.completed && today && arrived.plannedFor < today ? arrived : undefined;
  return {
    ...data,
    pages: data.pages.map((page, index) => {
      const overdue = move.from === null ? leaves(page.overdue) : page.overdue;
      return {
        ...page,
        overdue: index === 0 && late ? [...leaves(overdue), late] : overdue,
        days: page.days.map((day) => {
          let tasks = day.day === move.from ? leaves(day.tasks) : day.tasks;
          if (arrived && day.day === move.to && !tasks.some((task) => task.id === move.id))
            tasks = [...tasks, arrived];
          return tasks === day.tasks ? day : { ...day, tasks };
        }),
      };
    }),
  };
}

/**
 * The day a task is shown under on Upcoming's loaded pages: null under Overdue, its planned day (or
 * today, done today after a day gone by), or undefined where it is not shown.
 */
export function shownOn(
  data: InfiniteData<Upcoming, unknown>,
  id: string,
  plannedFor: Day | null,
): Day | null | undefined {
  const listed = (tasks: TodayTask[]) => tasks.some((task) => task.id === id);
  if (data.pages.some((page) => listed(page.overdue))) return null;
  for (const under of [plannedFor, data.pages[0]?.today]) {
    const days = data.pages.flatMap((page) => page.days);
    const found = days.find((day) => day.day === under && listed(day.tasks));
    if (found) return found.day;
  }
  return undefined;
}
