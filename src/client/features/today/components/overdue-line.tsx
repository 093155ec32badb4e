import { useId } from 'react';
import type { TodayTask } from '#shared/api/today';
import { PlanAllForToday } from '../../../components/plan-all-for-today';

/** "3 overdue", and to the button's description, how many of them the chips hide. */
function overdueWords(count: number, hidden: number): string {
  return hidden > 0 ? `${count} overdue, ${hidden} of them hidden by the filters` : `${count} overdue`;
}

/**
 * Above the Today list while open tasks on it are overdue (docs/product.md#today-screen): "3 overdue"
 * and "Plan all for today", which plans every one of them, those the chips hide too (as Clear Today
 * acts on hidden items).
 */
export function OverdueLine({ tasks, hidden }: { tasks: readonly TodayTask[]; hidden: number }) {
  const id = useId();
  if (tasks.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5">
      <p className="px-1 font-medium text-red-700 text-sm dark:text-red-400">{tasks.length} overdue</p>
      {/* A description may be hidden: read with the button only, not again on its own. */}
      <span id={id} hidden>
        {overdueWords(tasks.length, hidden)}
      </span>
      <PlanAllForToday tasks={tasks} describedBy={id} />
    </div>
  );
}
