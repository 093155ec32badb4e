import { useSyncExternalStore } from 'react';

/** Whether search is open: the header's button and the "/" key both open it (docs/product.md#search). */
let open = false;
const listeners = new Set<() => void>();

export function setSearchOpen(value: boolean): void {
  if (value === open) return;
  open = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSearchOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}
