import { useSyncExternalStore } from 'react';
import type { EditableItem } from './item-kinds';

/*
 * Which item the edit dialog has open (docs/product.md#dialog-lifecycle, "Changed elsewhere"). One
 * dialog for the whole app, apart from the cards: a card can leave the screen while its item is being
 * edited (taken off Today, deleted, moved to another goal on another device), and the dialog, with
 * what the person typed, must stay. components/item-editor.tsx draws it; any card, section or search
 * opens it here.
 */

export type ItemEditing = {
  /** The item as it was when the dialog opened: what the form starts from. */
  item: EditableItem;
  open: boolean;
  /** A new number per opening, so that each opening starts from a fresh form. */
  opening: number;
};

let current: ItemEditing | null = null;
let openings = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Opens the edit dialog on `item`, whichever screen or card asks. */
export function editItem(item: EditableItem): void {
  openings += 1;
  current = { item, open: true, opening: openings };
  emit();
}

/** Closes it; the item stays while the dialog animates out, so its title does not flip to "Add". */
export function closeItemEditor(): void {
  if (!current?.open) return;
  current = { ...current, open: false };
  emit();
}

/** Forgets the dialog, as a fresh page would (tests start each case with none open). */
export function resetItemEditor(): void {
  current = null;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The dialog's state: null until anything has been opened for editing. */
export function useItemEditing(): ItemEditing | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
