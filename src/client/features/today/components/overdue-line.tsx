import { useId } from 'react';
import type { TodayTask } from '#shared/api/today';
import { PlanAllForToday } from '../../../components/plan-all-for-today';

/**
 * Above the Today list while open tasks on it are overdue (docs/product.md#today-screen): "3 overdue"
 * and "Plan all for today", which plans every one of them, those the chips hide too (as Clear Today
 * acts on hidden items). The button is described by the count, and when the chips hide some, by
 * "3 overdue, 1 of them hidden by the filters".
 */
export function OverdueLine({ tasks, hidden }: { tasks: readonly TodayTask[]; hidden: number }) {
  const id = useId();
  if (tasks.length === 0) return null;
  const count = `${tasks.length} overdue`;
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5">
      <p id={`${id}-count`} className="px-1 font-medium text-red-700 text-sm dark:text-red-400">
        {count}
      </p>
      {/* A description may be hidden: read with the button only, not again on its own. */}
      {hidden > 0 ? (
        <span id={`${id}-hidden`} hidden>
          {count}, {hidden} of them hidden by the filters
        </span>
      ) : null}
      <PlanAllForToday tasks={tasks} describedBy={hidden > 0 ? `${id}-hidden` : `${id}-count`} />
    </div>
  );
}
