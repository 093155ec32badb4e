/**
 * A task's priority (docs/product.md#priority, docs/decisions/046-task-priority.md): 0 none, 1 low,
 * 2 medium, 3 high. Higher is more urgent, so lists and files read it without a table.
 */
export const PRIORITIES = [0, 1, 2, 3] as const;
export type Priority = (typeof PRIORITIES)[number];

export const PRIORITY_MESSAGE = 'priority must be 0 (none), 1 (low), 2 (medium) or 3 (high)';

/** The word a card, a chip, the dialog and the CSV file use; none has no word. */
export const PRIORITY_WORDS: Record<Priority, string | null> = {
  0: null,
  1: 'Low',
  2: 'Medium',
  3: 'High',
};

/**
 * Todoist's numbers as ours: its p1 is high and p4 none. Quick add reads them as "p1" to "p4"
 * (quick-add-priority.ts) and the keys 1 to 4 set them on the task in focus (shortcuts.ts).
 */
export const PRIORITY_OF_TODOIST: Readonly<Record<string, Priority>> = { '1': 3, '2': 2, '3': 1, '4': 0 };

/**
 * RFC 5545's PRIORITY (section 3.8.1.9): 1 is the highest, 9 the lowest; high, medium and low are 1, 5
 * and 9, the three levels the RFC names. None is null: the property is left out, as its default is.
 */
export function icalendarPriority(priority: Priority): number | null {
  return ICALENDAR_PRIORITY[priority];
}

const ICALENDAR_PRIORITY: Record<Priority, number | null> = { 0: null, 1: 9, 2: 5, 3: 1 };
