/**
 * Keyboard shortcuts (docs/product.md#keyboard-shortcuts), in the conventions Todoist and Things use.
 * The reader is pure: it takes the key (KeyboardEvent.key), the time and what it was waiting for, and
 * says which command the keys make. The caller has already dropped keys typed in a field, in a
 * dialog, or with Ctrl, Alt or Meta.
 */

export type ShortcutCommand =
  | 'quick-add'
  | 'search'
  | 'help'
  | 'go-today'
  | 'go-all-items'
  | 'go-upcoming'
  | 'next'
  | 'previous'
  | 'complete'
  | 'edit'
  | 'toggle-today'
  | 'select'
  | 'delete'
  | 'priority-1'
  | 'priority-2'
  | 'priority-3'
  | 'priority-4';

/** "g" waits this long for its second key, as in Todoist and GitHub. */
export const SEQUENCE_TIMEOUT_MS = 1500;

export type ShortcutState = { pending: 'g'; since: number } | null;

const SINGLE: Readonly<Record<string, ShortcutCommand>> = {
  q: 'quick-add',
  '/': 'search',
  '?': 'help',
  j: 'next',
  k: 'previous',
  x: 'complete',
  e: 'edit',
  t: 'toggle-today',
  // Chooses the card, to act on several at once (docs/product.md#selecting-several-items).
  s: 'select',
  // Todoist's keys for a selected task's priority: 1 high, 2 medium, 3 low, 4 none (as its p1 to p4).
  '1': 'priority-1',
  '2': 'priority-2',
  '3': 'priority-3',
  '4': 'priority-4',
  Delete: 'delete',
  // The key labelled "delete" on a Mac keyboard sends Backspace.
  Backspace: 'delete',
};

const AFTER_G: Readonly<Record<string, ShortcutCommand>> = {
  t: 'go-today',
  a: 'go-all-items',
  u: 'go-upcoming',
};

/** What the list of shortcuts in the "?" dialog shows, in its order. */
export const SHORTCUT_LIST: ReadonlyArray<{ keys: readonly string[]; label: string }> = [
  { keys: ['q'], label: 'Quick add a task on Today' },
  { keys: ['/'], label: 'Search' },
  { keys: ['g', 't'], label: 'Go to Today' },
  { keys: ['g', 'a'], label: 'Go to All Items' },
  { keys: ['g', 'u'], label: 'Go to Upcoming' },
  { keys: ['j'], label: 'Next card' },
  { keys: ['k'], label: 'Previous card' },
  { keys: ['x'], label: 'Complete or un-complete the card' },
  { keys: ['e'], label: 'Edit the card' },
  { keys: ['t'], label: 'Add to Today or remove from it' },
  { keys: ['1–4'], label: 'Priority of the task: 1 high, 2 medium, 3 low, 4 none' },
  { keys: ['s'], label: 'Select the card or deselect it, to act on several at once' },
  { keys: ['Delete'], label: 'Delete the card (with Undo)' },
  { keys: ['?'], label: 'Show these shortcuts' },
];

export type ShortcutReading = { state: ShortcutState; command?: ShortcutCommand; handled: boolean };

/**
 * Reads one key. `handled` says the key belongs to a shortcut (the caller then stops the browser's
 * own use of it, such as "/" opening Firefox's quick find); an unknown key after "g" ends the wait.
 */
export function readShortcutKey(state: ShortcutState, key: string, now: number): ShortcutReading {
  if (state && now - state.since <= SEQUENCE_TIMEOUT_MS) {
    const command = AFTER_G[key];
    return command ? { state: null, command, handled: true } : { state: null, handled: false };
  }
  if (key === 'g') return { state: { pending: 'g', since: now }, handled: true };
  const command = SINGLE[key];
  return command ? { state: null, command, handled: true } : { state: null, handled: false };
}
