import type { ChecklistItem } from '#shared/api/checklist';
import { checklistProgress } from '#shared/domain/checklist';
import { MaskIcon } from '../../../components/ui/mask-icon';
import { cn } from '../../../lib/cn';

/*
 * How a card shows a task's checklist (docs/product.md#cards, docs/decisions/049-checklists.md): how
 * many of its items are ticked, "2/5" after a list icon, as Things counts a to-do's checklist, among
 * the lines under the title. The items themselves show where the task is worked through (Execution
 * Mode) and are edited in the item dialog; a card stays one line of text for All Items' hundreds.
 */

/** What the card's accessible name adds: "2 of 5 checklist items done"; nothing for none. */
export function checklistSpoken(checklist: readonly ChecklistItem[]): string | undefined {
  const { done, total } = checklistProgress(checklist);
  if (total === 0) return undefined;
  return `${done} of ${total} checklist ${total === 1 ? 'item' : 'items'} done`;
}

export function ChecklistMark({ checklist }: { checklist: readonly ChecklistItem[] }) {
  const { done, total } = checklistProgress(checklist);
  if (total === 0) return null;
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex items-center gap-1 text-xs tabular-nums',
        // Every step ticked reads as finished, in the completion circle's green.
        done === total ? 'font-medium text-emerald-700 dark:text-emerald-400' : 'text-muted-foreground',
      )}
    >
      <MaskIcon icon="list-checks" className="size-3.5" />
      {done}/{total}
    </span>
  );
}
