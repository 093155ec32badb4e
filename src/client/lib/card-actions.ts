import { type RefCallback, useCallback, useLayoutEffect, useRef } from 'react';
import type { Priority } from '#shared/domain/priority';

/**
 * What the keyboard shortcuts do to a card (docs/product.md#keyboard-shortcuts): the card's own
 * handlers, the same ones its checkbox, Today button and menu call, so a key takes no second path.
 */
export type CardActions = {
  toggleDone: () => void;
  toggleToday: () => void;
  edit: () => void;
  remove: () => void;
  /** A task's priority (docs/product.md#priority); a habit has none and leaves it out. */
  setPriority?: (priority: Priority) => void;
  /** Chooses the card or unchooses it, where cards can be chosen (docs/product.md#selecting-several-items). */
  choose?: () => void;
};

const CARD_SELECTOR = '[data-card]';
const registry = new WeakMap<Element, { current: CardActions }>();

/** Registers a card's element with its latest actions; spread the returned ref onto the card. */
export function useCardActions(actions: CardActions): RefCallback<HTMLElement> {
  const latest = useRef(actions);
  useLayoutEffect(() => {
    latest.current = actions;
  });
  return useCallback((element: HTMLElement | null) => {
    if (element) registry.set(element, latest);
  }, []);
}

/** The card holding focus (the card itself, or one of its controls). */
export function focusedCard(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement ? active.closest<HTMLElement>(CARD_SELECTOR) : null;
}

export function actionsOf(card: Element): CardActions | undefined {
  return registry.get(card)?.current;
}

function cardsOnPage(): HTMLElement[] {
  const main = document.getElementById('main') ?? document.body;
  return Array.from(main.querySelectorAll<HTMLElement>(CARD_SELECTOR));
}

/** The card after (1) or before (-1) the focused one; with none focused, the first card either way. */
export function neighbourCard(
  direction: 1 | -1,
  from: HTMLElement | null = focusedCard(),
): HTMLElement | null {
  const cards = cardsOnPage();
  if (cards.length === 0) return null;
  const at = from ? cards.indexOf(from) : -1;
  if (at === -1) return cards[0] ?? null;
  return cards[at + direction] ?? null;
}

/** Moves focus to a card, scrolled into view, with the visible ring keyboard focus draws. */
export function focusCard(card: HTMLElement): void {
  card.focus({ preventScroll: true });
  card.scrollIntoView({ block: 'nearest' });
}

/**
 * Moves focus to what `next` names once `gone` has left the page, if focus went with it (a card
 * deleted by its key, a button whose line goes away when pressed); gives up after 5 s. `next` is asked
 * then, so it can name a card drawn meanwhile.
 */
export function followWhenGone(gone: HTMLElement, next: () => HTMLElement | null): void {
  const giveUpAt = performance.now() + 5000;
  const look = () => {
    if (!gone.isConnected) {
      const lost = document.activeElement === null || document.activeElement === document.body;
      const target = lost ? next() : null;
      if (target?.isConnected) focusCard(target);
    } else if (performance.now() < giveUpAt) requestAnimationFrame(look);
  };
  look();
}
