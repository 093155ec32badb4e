import { useLayoutEffect, useRef } from 'react';
import CalendarCheck from '~icons/lucide/calendar-check';
import { followWhenGone, neighbourCard } from '../lib/card-actions';
import { usePersonsDay } from '../lib/persons-day';
import { type PlannedTask, usePlanOverdueForToday } from '../lib/plan-overdue';
import { Button } from './ui/button';

/** The first card on the screen (as `j` finds it), else the main area: never the page's body. */
const firstCard = () => neighbourCard(1, null) ?? document.getElementById('main');

/**
 * "Plan all for today": every task given planned for the person's today (lib/plan-overdue.ts). The
 * button leaves with the overdue tasks, whether this press planned them or another device did (its
 * live update), so focus held by it goes on to the first card on the screen.
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
  const button = useRef<HTMLButtonElement>(null);
  // A layout effect's cleanup runs while the button is still in the page: whether it holds focus can
  // be read there, and followed once it has gone.
  useLayoutEffect(() => {
    const node = button.current;
    return () => {
      if (node && document.activeElement === node) followWhenGone(node, firstCard);
    };
  }, []);
  return (
    <Button
      ref={button}
      variant="outline"
      aria-describedby={describedBy}
      className={className}
      onClick={() => plan(tasks, today)}
    >
      <CalendarCheck aria-hidden="true" />
      Plan all for today
    </Button>
  );
}
