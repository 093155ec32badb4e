import type { Day } from '#shared/domain/days';
import type { UpcomingDay } from '../api/get-upcoming';

/**
 * The days with one task moved (optimistically, before the server answers): it leaves `from` and joins
 * the end of `to` with its new plannedFor. A repeating task's other occurrences stay until the lists
 * are read again; the server decides them.
 */
export function moveInDays(
  days: readonly UpcomingDay[],
  move: { id: string; from: Day | null; to: Day },
): UpcomingDay[] {
  const moved = days.find((day) => day.day === move.from)?.tasks.find((task) => task.id === move.id);
  return days.map((day) => {
    let tasks = day.day === move.from ? day.tasks.filter((task) => task.id !== move.id) : day.tasks;
    if (day.day === move.to && moved) tasks = [...tasks, { ...moved, plannedFor: move.to }];
    return tasks === day.tasks ? day : { ...day, tasks };
  });
}
