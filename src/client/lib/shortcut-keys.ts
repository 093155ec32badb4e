/**
 * When a key is the page's and may be a shortcut (docs/product.md#keyboard-shortcuts): never while
 * typing in a field, inside a dialog, menu or list box, or with Ctrl, Alt or Meta (the browser's and
 * the system's own shortcuts).
 */

const NOT_TYPED_INTO = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file']);

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !NOT_TYPED_INTO.has(target.type);
}

const LAYERS = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

export function isShortcutKey(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.isComposing) return false;
  if (event.ctrlKey || event.altKey || event.metaKey) return false;
  if (isTypingTarget(event.target)) return false;
  if (event.target instanceof Element && event.target.closest(LAYERS)) return false;
  // A modal dialog may hold focus on its overlay or have lost it to the body: it still owns the keys.
  return (
    document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]') ===
    null
  );
}
