import { Toast as ToastPrimitive } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import X from '~icons/lucide/x';
import { cn } from '../../lib/cn';

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
type ToastEntry = ToastInput & { id: number; open: boolean; continued: boolean };

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

export function Toaster() {
  const current = useSyncExternalStore(subscribe, getEntries, getEntries);
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {current.map((entry) => (
        <ToastPrimitive.Root
          key={entry.id}
          open={entry.open}
          duration={entry.durationMs}
          onOpenChange={(open) => {
            if (!open) dismiss(entry.id);
          }}
          data-continued={entry.continued || undefined}
          className={cn(
            // On phones a bar no taller than the header it lies over (docs/product.md#toasts): one line of
            // title and one of description; a failure's reason wraps, as it must be read whole.
            'group pointer-events-auto relative flex min-h-14 w-full items-center gap-3 overflow-hidden rounded-xl border py-1 ps-4 pe-12 shadow-lg sm:items-start sm:p-4 sm:pr-12',
            !entry.continued && 'data-[state=open]:animate-toast-in',
            'data-[state=closed]:animate-toast-out',
            'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-out',
            entry.variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'border-border bg-popover text-popover-foreground',
          )}
        >
          <div className="grid min-w-0 flex-1 sm:gap-1">
            <ToastPrimitive.Title className="font-semibold text-sm max-sm:truncate">
              {entry.title}
            </ToastPrimitive.Title>
            {entry.description ? (
              <ToastPrimitive.Description
                className={cn('text-sm opacity-90', entry.variant !== 'destructive' && 'max-sm:truncate')}
              >
                {entry.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          {entry.action ? (
            <ToastPrimitive.Action
              altText={entry.action.altText}
              onClick={() => {
                closeHandled.add(entry.id);
                entry.action?.onAction();
              }}
              className="ms-auto inline-flex min-h-11 shrink-0 cursor-pointer items-center self-center rounded-md border border-current/30 px-3 font-semibold text-sm hover:bg-foreground/5 focus-visible:outline-2 focus-visible:outline-ring sm:min-h-8"
            >
              {entry.action.label}
            </ToastPrimitive.Action>
          ) : null}
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute top-1/2 right-1 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-md opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring sm:top-1.5 sm:right-1.5 sm:size-8 sm:translate-y-0"
          >
            <X aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/*
        Top of the screen on phones, over the header's band (4 px inside its 64), so the page's title,
        its buttons and the list stay in view; bottom-right from the sm breakpoint, never wider than
        420px (docs/decisions/027-toast-placement.md).
      */}
      <ToastPrimitive.Viewport className="fixed top-0 right-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col gap-2 p-1 outline-none sm:top-auto sm:bottom-0 sm:max-w-[420px] sm:p-4" />
    </ToastPrimitive.Provider>
  );
}
