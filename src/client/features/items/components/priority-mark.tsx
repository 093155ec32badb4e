import { PRIORITY_WORDS, type Priority } from '#shared/domain/priority';
import { MaskIcon } from '../../../components/ui/mask-icon';
import { cn } from '../../../lib/cn';

/*
 * How a card shows a task's priority (docs/product.md#priority): its completion circle in the
 * priority's colour, as Todoist and TickTick draw it, and, since colour alone says nothing to many
 * people, a flag with the word among the lines under the title. None shows nothing.
 */

/** The text colours, each at least 4.5:1 on the card's surfaces in both themes. */
const TEXT: Record<Exclude<Priority, 0>, string> = {
  3: 'text-red-700 dark:text-red-400',
  2: 'text-amber-700 dark:text-amber-400',
  1: 'text-blue-700 dark:text-blue-400',
};

/** The open circle's ring, in place of the plain one. */
const RING: Record<Exclude<Priority, 0>, string> = {
  3: 'border-red-600 bg-red-500/10 dark:border-red-400',
  2: 'border-amber-600 bg-amber-500/10 dark:border-amber-400',
  1: 'border-blue-600 bg-blue-500/10 dark:border-blue-400',
};

export function priorityRing(priority: Priority): string | undefined {
  return priority === 0 ? undefined : RING[priority];
}

/** What the card's accessible name adds: "High priority". */
export function prioritySpoken(priority: Priority): string | undefined {
  const word = PRIORITY_WORDS[priority];
  return word ? `${word} priority` : undefined;
}

/** The toast after the keys 1 to 4 set a task's priority (docs/product.md#toasts). */
export function priorityToast(title: string, priority: Priority) {
  const spoken = prioritySpoken(priority);
  return spoken
    ? { title: spoken, description: `“${title}” is ${spoken.toLowerCase()}.` }
    : { title: 'No priority', description: `“${title}” has no priority.` };
}

export function PriorityMark({ priority }: { priority: Priority }) {
  const word = PRIORITY_WORDS[priority];
  if (priority === 0 || !word) return null;
  return (
    <span aria-hidden className={cn('inline-flex items-center gap-1 font-medium text-xs', TEXT[priority])}>
      <MaskIcon icon="flag" className="size-3" />
      {word}
    </span>
  );
}
