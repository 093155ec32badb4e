/*
 * A task's checklist (docs/product.md#checklists, docs/decisions/049-checklists.md): its items are
 * stored with the day each was ticked, and whether one reads done is a rule of that day, as a task's
 * own tick is: in a habit goal only on the day it was ticked (its checklist starts again each day),
 * everywhere else until it is unticked.
 */

/** An item as the database keeps it: `doneOn` is the person's day it was ticked, or null. */
export type StoredChecklistItem = { id: string; title: string; doneOn: string | null };

/** What an edit of the whole checklist says of one item (the item dialog's save). */
export type ChecklistItemEdit = { id: string; title: string; done: boolean };

/** Whether an item ticked on `doneOn` reads done on `today`. */
export function checklistItemDone(doneOn: string | null, daily: boolean, today: string): boolean {
  return doneOn !== null && (!daily || doneOn === today);
}

/**
 * The checklist to keep for an edit of the whole list: titles and order as given, and an item that
 * was done and still is keeps the day it was ticked (so an edit of its words does not move the tick
 * to today); one newly done is ticked today.
 */
export function checklistToStore(
  edits: readonly ChecklistItemEdit[],
  stored: readonly StoredChecklistItem[],
  rule: { daily: boolean; today: string },
): StoredChecklistItem[] {
  const before = new Map(stored.map((item) => [item.id, item.doneOn]));
  return edits.map(({ id, title, done }) => {
    const doneOn = before.get(id) ?? null;
    const keep = done && checklistItemDone(doneOn, rule.daily, rule.today);
    return { id, title, doneOn: done ? (keep ? doneOn : rule.today) : null };
  });
}

/** Every item unticked: a repeating task's next time starts its checklist again. */
export function checklistCleared(stored: readonly StoredChecklistItem[]): StoredChecklistItem[] {
  return stored.map((item) => ({ ...item, doneOn: null }));
}

/** How many of the items read done, for the card's "2/5". */
export function checklistProgress(items: readonly { done: boolean }[]): { done: number; total: number } {
  return { done: items.filter((item) => item.done).length, total: items.length };
}

/**
 * The checklist with one item ticked or unticked and the others as they are, or undefined when no item
 * has that id. An item ticked again while it reads done keeps its day, as in checklistToStore.
 */
export function checklistTicked(
  stored: readonly StoredChecklistItem[],
  itemId: string,
  done: boolean,
  rule: { daily: boolean; today: string },
): StoredChecklistItem[] | undefined {
  if (!stored.some((item) => item.id === itemId)) return undefined;
  return stored.map((item) => {
    if (item.id !== itemId) return item;
    if (!done) return { ...item, doneOn: null };
    return checklistItemDone(item.doneOn, rule.daily, rule.today) ? item : { ...item, doneOn: rule.today };
  });
}

/**
 * A checklist as text, one line an item, "[x] step" or "[ ] step": the CSV files' `checklist` column and
 * the calendar feed's event description (docs/product.md#your-data, docs/product.md#calendar-feed).
 */
export function checklistLines(items: readonly { title: string; done: boolean }[]): string {
  return items.map(({ title, done }) => `${done ? '[x]' : '[ ]'} ${title}`).join('\n');
}
