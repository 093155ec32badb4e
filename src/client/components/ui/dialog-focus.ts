import { createContext, type RefObject } from 'react';

/* Where focus goes as a dialog opens and closes (docs/product.md#dialog-lifecycle). */

/**
 * The control that opened a dialog: a card's Edit button, a section's Add button, or, for an entry of
 * a menu (which is gone by the time the dialog closes), the button that opened the menu.
 */
export function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"]');
  if (!menu) return active;
  const trigger = document.getElementById(menu.getAttribute('aria-labelledby') ?? '');
  return trigger ?? null;
}

export const OpenerContext = createContext<RefObject<HTMLElement | null> | null>(null);

/** Focuses a field with the caret after its text, ready to go on typing (or any other element). */
export function focusAtEnd(element: HTMLElement): void {
  element.focus();
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    const end = element.value.length;
    element.setSelectionRange(end, end);
  }
}
