import type { ChecklistItem } from '#shared/api/checklist';

/*
 * How the item dialog's checklist meets the task as it is saved (docs/product.md#dialog-lifecycle,
 * docs/decisions/049-checklists.md): what a save keeps and sends, and what the open dialog takes of
 * changes made on another device meanwhile. A tick is a tick, never an edit: one made elsewhere shows
 * in the open dialog on the items the person left alone, and names nothing. New words or another
 * order are an edit, which the dialog's "Changed on another device" names.
 */

/** The items a save keeps: those with words, trimmed (a blank one is dropped, not refused). */
export function checklistToSave(items: readonly ChecklistItem[]): ChecklistItem[] {
  return items.flatMap((item) => {
    const title = item.title.trim();
    return title === '' ? [] : [{ ...item, title }];
  });
}

/** An item's words, tick and place: what tells whether the person changed the list. */
function checklistKey(items: readonly ChecklistItem[]): string {
  return JSON.stringify(items.map(({ id, title, done }) => [id, title, done]));
}

/** Whether two versions of a list hold the same items with the same words in the same order, ticks aside. */
export function sameChecklistWords(a: readonly ChecklistItem[], b: readonly ChecklistItem[]): boolean {
  return a.length === b.length && a.every((item, at) => item.id === b[at]?.id && item.title === b[at]?.title);
}

/**
 * `{ checklist }` to send when the person changed the task's checklist in the dialog, else nothing, so
 * an edit of other fields never overwrites ticks made on another device while the dialog was open.
 * `base` is the list the fields came from, `now` the list as the lists have it now: an item whose tick
 * the person left alone takes its tick from `now`.
 */
export function checklistChange(
  base: readonly ChecklistItem[],
  now: readonly ChecklistItem[],
  edited: readonly ChecklistItem[],
): { checklist?: ChecklistItem[] } {
  const kept = checklistToSave(edited);
  if (checklistKey(kept) === checklistKey(base)) return {};
  const tickBefore = new Map(base.map((item) => [item.id, item.done]));
  const tickNow = new Map(now.map((item) => [item.id, item.done]));
  return {
    checklist: kept.map((item) =>
      tickBefore.get(item.id) === item.done ? { ...item, done: tickNow.get(item.id) ?? item.done } : item,
    ),
  };
}

/**
 * Ticks made elsewhere since `base`, taken into the open dialog: each item of `edited` whose tick the
 * person left alone (as in `base`) takes its tick from `now`, and `base` takes it too, so the save
 * still sees the list as unchanged by the person. Undefined when no tick changed elsewhere.
 */
export function followTicks(
  base: readonly ChecklistItem[],
  now: readonly ChecklistItem[],
  edited: readonly ChecklistItem[],
): { base: ChecklistItem[]; edited: ChecklistItem[] } | undefined {
  const tickNow = new Map(now.map((item) => [item.id, item.done]));
  const moved = new Map<string, boolean>();
  for (const item of base) {
    const done = tickNow.get(item.id);
    if (done !== undefined && done !== item.done) moved.set(item.id, done);
  }
  if (moved.size === 0) return undefined;
  const tickBase = new Map(base.map((item) => [item.id, item.done]));
  return {
    base: base.map((item) => ({ ...item, done: moved.get(item.id) ?? item.done })),
    edited: edited.map((item) => {
      const done = moved.get(item.id);
      return done !== undefined && item.done === tickBase.get(item.id) ? { ...item, done } : item;
    }),
  };
}
