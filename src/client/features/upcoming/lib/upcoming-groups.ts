import { dayHeading } from '#shared/domain/day-labels';
import type { Day } from '#shared/domain/days';
import { isOverdue } from '../../../lib/plan-overdue';
import type { UpcomingDay, UpcomingTask } from '../api/get-upcoming';
import type { UpcomingGroup } from '../components/upcoming-days';

/**
 * Upcoming's groups in order (docs/product.md#upcoming-screen): "Overdue" first when any open task is
 * planned for a day gone by (oldest first), then every day asked for, headed "Today", "Tomorrow", then
 * weekday and date.
 */
export function upcomingGroups(
  today: Day,
  overdue: readonly UpcomingTask[],
  days: readonly UpcomingDay[],
): UpcomingGroup[] {
  const late = overdue
    .filter((task) => isOverdue(task, today))
    .sort((a, b) => (a.plannedFor ?? '').localeCompare(b.plannedFor ?? ''));
  const groups: UpcomingGroup[] = [];
  if (late.length > 0)
    groups.push({ key: 'overdue', day: null, heading: 'Overdue', tasks: late, habits: [] });
  for (const day of days)
    groups.push({
      key: day.day,
      day: day.day,
      heading: dayHeading(day.day, today),
      tasks: day.tasks,
      habits: day.habits,
    });
  return groups;
}
