import type { QuickAddChip } from '#shared/domain/quick-add-words';
import Tag from '~icons/lucide/tag';
import X from '~icons/lucide/x';
import { MaskIcon } from '../../../components/ui/mask-icon';
import { cn } from '../../../lib/cn';

const KIND_NAME = {
  day: 'Day',
  repeat: 'Repeat',
  reminder: 'Reminder',
  priority: 'Priority',
  label: 'Label',
  goal: 'Goal',
} as const;

/**
 * What quick add read out of the line, before Enter (docs/product.md#words-in-quick-add): one chip per
 * day, repeat, reminder, priority, label and goal, each with a button that puts its words back into the title.
 */
export function QuickAddChips({
  chips,
  onRemove,
}: {
  chips: readonly QuickAddChip[];
  onRemove: (chip: QuickAddChip) => void;
}) {
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Read from your words" className="flex flex-wrap gap-1.5 px-1">
      {chips.map((chip) => (
        <li
          key={`${chip.kind}-${chip.start}`}
          className={cn(
            'inline-flex min-h-8 items-center gap-1 rounded-full border ps-2.5 text-xs',
            chip.kind === 'goal'
              ? 'border-border bg-muted text-foreground'
              : 'border-sky-200 bg-sky-50 text-sky-900 dark:border-sky-500/30 dark:bg-sky-500/10 dark:text-sky-200',
          )}
        >
          {chip.kind === 'day' && <MaskIcon icon="calendar" className="size-3" />}
          {chip.kind === 'repeat' && <MaskIcon icon="repeat" className="size-3" />}
          {chip.kind === 'reminder' && <MaskIcon icon="bell" className="size-3" />}
          {chip.kind === 'priority' && <MaskIcon icon="flag" className="size-3" />}
          {/* A label's mark is drawn inline: only quick add shows it, so no card icon need carry it. */}
          {chip.kind === 'label' && <Tag className="size-3" aria-hidden />}
          <span>
            <span className="sr-only">{KIND_NAME[chip.kind]}: </span>
            {chip.kind === 'label' && <span aria-hidden>@</span>}
            <span dir="auto">{chip.label}</span>
          </span>
          <button
            type="button"
            aria-label={`Keep “${chip.text}” in the title`}
            onClick={() => onRemove(chip)}
            className="inline-flex size-8 cursor-pointer items-center justify-center rounded-full hover:bg-foreground/10 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X className="size-3.5" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}
