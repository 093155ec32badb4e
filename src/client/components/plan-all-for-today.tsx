import CalendarCheck from '~icons/lucide/calendar-check';
import { followWhenGone, neighbourCard } from '../lib/card-actions';
import { usePersonsDay } from '../lib/persons-day';
import { type PlannedTask, usePlanOverdueForToday } from '../lib/plan-overdue';
import { Button } from './ui/button';

/** The first card on the screen (as `j` finds it), else the main area: never the page's body. */
const firstCard = () => neighbourCard(1, null) ?? document.getElementById('main');

/**
 * "Plan all for today": every task given planned for the person's today (lib/plan-overdue.ts). The
 * button leaves with the overdue tasks it planned, so focus goes on to the first card on the screen.
 */
export function PlanAllForToday({
  tasks,
  describedBy,
  className,
}: {
  tasks: readonly PlannedTask[];
  /** The id of what says which tasks it plans ("3 overdue", the "Overdue" heading). */
  describedBy?: string;
  className?: string;
}) {
  const today = usePersonsDay();
  const { plan } = usePlanOverdueForToday();
  return (
    <Button
      variant="outline"
      aria-describedby={describedBy}
      className={className}
      onClick={(event) => {
        plan(tasks, today);
        followWhenGone(event.currentTarget, firstCard);
      }}
    >
      <CalendarCheck aria-hidden="true" />
      Plan all for today
    </Button>
  );
}
