import type { Task } from '#shared/api/tasks';
import { checklistProgress } from '#shared/domain/checklist';
import { MaskIcon } from '../../../components/ui/mask-icon';
import { cn } from '../../../lib/cn';
import { notifyError } from '../../../lib/notify-error';
import { useTickChecklistItem } from '../api/tick-checklist-item';

/**
 * A task's checklist as boxes to tick, where the task is worked through (Execution Mode,
 * docs/product.md#execution-mode): a real checkbox per item, so Tab reaches each and Space ticks it,
 * each tick sent alone (docs/decisions/049-checklists.md). Ticking the last item leaves the task's own
 * tick to the person. Nothing for a task without items.
 */
export function ChecklistTicks({ task }: { task: Task }) {
  const tick = useTickChecklistItem();
  // A copy saved before tasks had checklists has none.
  const checklist = task.checklist ?? [];
  if (checklist.length === 0) return null;
  const { done, total } = checklistProgress(checklist);
  const headingId = `checklist-${task.id}`;
  return (
    // Lined up with the card's title above it: past the card's edge space and its completion circle.
    <section aria-labelledby={headingId} className="flex flex-col gap-1 ps-16 pe-2">
      <h2
        id={headingId}
        className="flex items-center gap-2 font-medium text-muted-foreground text-xs uppercase tracking-wider"
      >
        Checklist
        <span aria-hidden className="font-normal tabular-nums">
          {done}/{total}
        </span>
        <span className="sr-only">
          {done} of {total} done
        </span>
      </h2>
      <ul className="flex flex-col">
        {checklist.map((item) => (
          <li key={item.id}>
            <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md py-1.5">
              <span className="relative inline-flex size-5 shrink-0">
                <input
                  type="checkbox"
                  checked={item.done}
                  onChange={(event) =>
                    tick.mutate(
                      { taskId: task.id, itemId: item.id, done: event.target.checked },
                      { onError: (error) => notifyError('Could not update the checklist', error) },
                    )
                  }
                  className="size-5 cursor-pointer appearance-none rounded-md border-2 border-muted-foreground/60 bg-background transition-colors checked:border-emerald-600 checked:bg-emerald-600 focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2 dark:checked:border-emerald-500 dark:checked:bg-emerald-500"
                />
                {item.done && (
                  <MaskIcon
                    icon="check"
                    className="pointer-events-none absolute inset-0.5 size-4 text-white dark:text-emerald-950"
                  />
                )}
              </span>
              <span
                dir="auto"
                className={cn(
                  'min-w-0 flex-1 text-start text-[15px] leading-snug [overflow-wrap:anywhere]',
                  item.done && 'text-muted-foreground line-through decoration-muted-foreground/70',
                )}
              >
                {item.title}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
