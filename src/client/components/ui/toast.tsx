import X from 'lucide-react/icons/x';
import { Toast as ToastPrimitive } from 'radix-ui';
import { useSyncExternalStore } from 'react';
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
type ToastEntry = ToastInput & { id: number; open: boolean };

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

/**
 * Shows a toast from anywhere (no hook needed). Only one is shown at a time (docs/product.md#toasts): a
 * new toast replaces the current one.
 */
export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  for (const entry of entries) closed(entry);
  update([{ ...input, id, open: true }]);
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
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-12 shadow-lg',
            'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
            'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-out',
            entry.variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'border-border bg-popover text-popover-foreground',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="font-semibold text-sm">{entry.title}</ToastPrimitive.Title>
            {entry.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">
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
            className="absolute top-1.5 right-1.5 inline-flex size-11 items-center justify-center rounded-md opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring sm:size-8"
          >
            <X aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* Top of the screen on phones, bottom-right from the sm breakpoint, never wider than 420px. */}
      <ToastPrimitive.Viewport className="fixed top-0 right-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col gap-2 p-4 outline-none sm:top-auto sm:bottom-0 sm:max-w-[420px]" />
    </ToastPrimitive.Provider>
  );
}
