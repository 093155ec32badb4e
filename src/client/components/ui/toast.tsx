import { useSyncExternalStore } from 'react';
import { chunkOnce } from '../../lib/chunk-once';
import { useChunk } from '../../lib/use-chunk';

/**
 * A toast stays 5000 ms, is swiped away right past 50 px, and F8 focuses the region
 * (docs/product.md#toasts).
 */
export const TOAST_DURATION_MS = 5000;
/** A dismissed toast is removed 1000 ms later, after its exit animation (docs/product.md#toasts). */
export const TOAST_REMOVE_DELAY_MS = 1000;

export type ToastVariant = 'default' | 'destructive';
export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** A button in the toast, e.g. Undo (docs/product.md#undo); `altText` says how to reach it otherwise. */
  action?: { label: string; altText: string; onAction: () => void };
  /** Told once when the toast goes without its action taken: timed out, closed, swiped or replaced. */
  onClose?: () => void;
  /** Longer than TOAST_DURATION_MS for a toast that waits for a choice (a new version: Reload). */
  durationMs?: number;
};
/** `continued`: it carries on a run of the same toast, so it takes the place without arriving again. */
export type ToastEntry = ToastInput & { id: number; open: boolean; continued: boolean };

let entries: ToastEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function update(next: ToastEntry[]): void {
  entries = next;
  for (const listener of listeners) listener();
}

/** Each toast's onClose runs at most once, and not at all once its action was taken. */
const closeHandled = new Set<number>();

function closed(entry: ToastEntry): void {
  if (closeHandled.has(entry.id)) return;
  closeHandled.add(entry.id);
  entry.onClose?.();
}

function dismiss(id: number): void {
  const entry = entries.find((candidate) => candidate.id === id);
  if (entry) closed(entry);
  update(entries.map((entry) => (entry.id === id ? { ...entry, open: false } : entry)));
  setTimeout(() => update(entries.filter((entry) => entry.id !== id)), TOAST_REMOVE_DELAY_MS);
}

/** Two toasts of one run: the same title in the same style, the first still showing. */
function sameRun(showing: ToastEntry, next: ToastInput): boolean {
  return (
    showing.open &&
    showing.title === next.title &&
    (showing.variant ?? 'default') === (next.variant ?? 'default')
  );
}

/**
 * Shows a toast from anywhere (no hook needed). Only one is shown at a time (docs/product.md#toasts): a
 * new toast replaces the current one. A run of the same toast (twelve ticks in a row) is one toast that
 * stays put: the newest text takes its place without arriving again, and its 5 s start again.
 */
export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  const continued = entries.some((entry) => sameRun(entry, input));
  for (const entry of entries) closed(entry);
  update([{ ...input, id, open: true, continued }]);
  return { id, dismiss: () => dismiss(id) };
}

/** Test helper: forget every toast between tests. */
export function resetToasts(): void {
  closeHandled.clear();
  update([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getEntries(): ToastEntry[] {
  return entries;
}

const toastView = chunkOnce(() => import('./toast-view').then((module) => module.ToastView));

/**
 * Loads Radix's toast and the view drawn with it once (app/start.tsx asks once the first screen is
 * drawn; the first toast asks if it comes sooner). A load that failed is tried again at a later ask.
 */
export const loadToastView = toastView.load;

const notShown = (error: unknown) => console.warn('A message could not be shown:', error);

function takeAction(entry: ToastEntry): void {
  closeHandled.add(entry.id);
  entry.action?.onAction();
}

/**
 * The toasts, drawn by Radix's toast once its chunk is loaded (docs/decisions/010-first-load-weight.md,
 * "Menus, dialogs and toasts loaded on demand"): nothing is drawn before, not even the empty region F8
 * focuses.
 */
export function Toaster() {
  const current = useSyncExternalStore(subscribe, getEntries, getEntries);
  // A toast waiting to be shown loads the view now; otherwise it comes with app/start.tsx's load. Each
  // new toast asks again after a failed load: one that failed offline must not hide the next one.
  const View = useChunk(toastView, current.length > 0, notShown, current);
  if (!View) return null;
  return (
    <View entries={current} duration={TOAST_DURATION_MS} onDismiss={dismiss} onActionTaken={takeAction} />
  );
}
