import { createContext, useLayoutEffect, useSyncExternalStore } from 'react';
import type { Day } from '#shared/domain/days';
import type { Priority } from '#shared/domain/priority';

/*
 * Several cards chosen at once, to complete, plan, change, put on Today or delete together
 * (docs/product.md#selecting-several-items, docs/decisions/052-select-several.md). A store outside
 * React: each card reads only whether it is chosen, so choosing one card draws that card and the bar,
 * not every card of a long list.
 */

/** A card as far as the selection's actions need it, kept fresh by the card while it is on screen. */
export type SelectedItem = {
  kind: 'task' | 'habit';
  id: string;
  title: string;
  done: boolean;
  /** Done for the day (`completedToday`: habits and habit-goal tasks) rather than for good (`completed`). */
  daily: boolean;
  isToday: boolean;
  todaySortOrder: number;
  /** A task's day; habits have none. */
  plannedFor: Day | null;
  /** A task's priority; 0 for habits, which have none. */
  priority: Priority;
  /** A task's goal (null: a todo) and place in its list, which "Change…" moves and Undo puts back; null for habits. */
  goalId: string | null;
  sortOrder: number;
  /** A task's labels; none for habits. */
  labels: readonly string[];
};

/** True inside a screen whose cards can be chosen (SelectionScope): not in Execution Mode's one item. */
export const SelectableScreen = createContext(false);

export const selectionKey = (item: Pick<SelectedItem, 'kind' | 'id'>) => `${item.kind}:${item.id}`;

/** The cards chosen, in the order chosen. */
let chosen = new Map<string, SelectedItem>();
/** The cards on screen: each one's item, and how often it is drawn (Upcoming: a repeat on each of its days). */
const shown = new Map<string, SelectedItem>();
const drawn = new Map<string, number>();
/** The last card chosen or unchosen by itself, where a Shift-click's range starts. */
let anchor: string | undefined;
let snapshot: readonly SelectedItem[] = [];
const listeners = new Set<() => void>();

function changed(next: Map<string, SelectedItem>) {
  chosen = next;
  snapshot = [...next.values()];
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The keys of the cards on screen in the page's order, read from the cards drawn (`data-select-key`). */
function keysOnScreen(): string[] {
  return [...document.querySelectorAll<HTMLElement>('[data-select-key]')]
    .map((element) => element.dataset.selectKey ?? '')
    .filter((key, index, all) => key !== '' && all.indexOf(key) === index);
}

/** A card's item as it is now: a chosen card's item follows its changes (another device completing it, say). */
function refreshCard(item: SelectedItem): void {
  const key = selectionKey(item);
  shown.set(key, item);
  if (chosen.has(key) && chosen.get(key) !== item) changed(new Map(chosen).set(key, item));
}

/**
 * A card drawn, known to "Select all" and a range. Answers the cleanup for when the card goes: a card
 * no longer on screen (deleted, filtered out, another screen) leaves the selection.
 */
function drawCard(key: string): () => void {
  drawn.set(key, (drawn.get(key) ?? 0) + 1);
  return () => {
    const count = (drawn.get(key) ?? 1) - 1;
    if (count > 0) {
      drawn.set(key, count);
      return;
    }
    drawn.delete(key);
    shown.delete(key);
    if (chosen.has(key)) {
      const next = new Map(chosen);
      next.delete(key);
      changed(next);
    }
  };
}

/** Chooses a card, or unchooses it when chosen; the card gives its item as it is drawn now. */
export function toggleChosen(card: SelectedItem): void {
  const key = selectionKey(card);
  const item = shown.get(key) ?? card;
  const next = new Map(chosen);
  if (next.has(key)) next.delete(key);
  else next.set(key, item);
  anchor = key;
  changed(next);
}

/** Shift-click: every card from the last one chosen by itself to this one, in the page's order, chosen. */
export function chooseRange(card: SelectedItem): void {
  const key = selectionKey(card);
  const keys = keysOnScreen();
  const from = anchor === undefined ? -1 : keys.indexOf(anchor);
  const to = keys.indexOf(key);
  if (from === -1 || to === -1) {
    toggleChosen(card);
    return;
  }
  const next = new Map(chosen).set(key, shown.get(key) ?? card);
  for (const between of keys.slice(Math.min(from, to), Math.max(from, to) + 1)) {
    const item = shown.get(between);
    if (item) next.set(between, item);
  }
  changed(next);
}

/** "Select all": every card on the screen, in its order. */
export function chooseAll(): void {
  const next = new Map(chosen);
  for (const key of keysOnScreen()) {
    const item = shown.get(key);
    if (item && !next.has(key)) next.set(key, item);
  }
  changed(next);
}

export function clearChosen(): void {
  anchor = undefined;
  if (chosen.size > 0) changed(new Map());
}

const getSnapshot = () => snapshot;

/**
 * A card's part in the selection (`item` undefined where nothing is chosen, as in Execution Mode):
 * whether it is chosen, and whether any card is, when cards show their boxes and a click chooses.
 */
export function useSelectableCard(item: SelectedItem | undefined): { chosen: boolean; selecting: boolean } {
  const key = item ? selectionKey(item) : '';
  // Layout effects, so a card is known from the moment it is on the page: a click right after a list
  // arrives (before passive effects have run) chooses it and a range through it.
  useLayoutEffect(() => {
    if (item) refreshCard(item);
  }, [item]);
  useLayoutEffect(() => (key === '' ? undefined : drawCard(key)), [key]);
  const isChosen = useSyncExternalStore(
    subscribe,
    () => key !== '' && chosen.has(key),
    () => false,
  );
  const selecting = useSyncExternalStore(
    subscribe,
    () => key !== '' && chosen.size > 0,
    () => false,
  );
  return { chosen: isChosen, selecting };
}

/** The chosen cards, in the order chosen. */
export function useChosen(): readonly SelectedItem[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** `items` in the order the screen shows them (a click's order is not the list's). */
export function inScreenOrder(items: readonly SelectedItem[]): SelectedItem[] {
  const order = new Map(keysOnScreen().map((key, index) => [key, index]));
  const at = (item: SelectedItem) => order.get(selectionKey(item)) ?? Number.MAX_SAFE_INTEGER;
  return [...items].sort((a, b) => at(a) - at(b));
}
