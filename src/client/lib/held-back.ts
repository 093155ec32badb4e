import { useSyncExternalStore } from 'react';

/*
 * Deletes held back while their Undo is offered (docs/product.md#undo). The rows leave the screens at
 * once (the lists read `useHeldBackIds` and leave them out), but nothing is sent until the toast that
 * offers Undo goes: then the delete is sent; Undo instead brings the rows back untouched, so what
 * returns is exactly what was there (positions, Today, completion history, creation time). A page
 * that goes away sends what it still holds, with `keepalive` so the request outlives it.
 */

export type HeldBack = {
  /** Bring the rows back; nothing is sent. False when it is too late (already sent). */
  undo: () => boolean;
  /** Send the delete now (the toast went). Safe to call more than once. */
  release: () => void;
};

type Entry = { ids: readonly string[]; send: (keepalive: boolean) => Promise<unknown>; settled: boolean };

const entries = new Set<Entry>();
let heldIds: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

function publish(): void {
  heldIds = new Set([...entries].flatMap((entry) => entry.ids));
  for (const listener of listeners) listener();
}

function finish(entry: Entry): void {
  entries.delete(entry);
  publish();
}

/**
 * Hides `ids` from every list and holds back `send` until `release` (or the page going away).
 * `send` resolves once the server has deleted them and the lists have been read again; `onFailed` is told
 * when it fails, and the rows come back.
 */
export function holdBack(
  ids: readonly string[],
  send: (keepalive: boolean) => Promise<unknown>,
  onFailed: (error: unknown) => void,
): HeldBack {
  const entry: Entry = { ids, send, settled: false };
  entries.add(entry);
  publish();
  return {
    undo: () => {
      if (entry.settled) return false;
      entry.settled = true;
      finish(entry);
      return true;
    },
    release: () => {
      if (entry.settled) return;
      entry.settled = true;
      entry.send(false).then(
        () => finish(entry),
        (error: unknown) => {
          finish(entry);
          onFailed(error);
        },
      );
    },
  };
}

/** Sends everything still held, as the page goes away. */
function releaseAll(): void {
  for (const entry of entries) {
    if (entry.settled) continue;
    entry.settled = true;
    void entry.send(true).catch(() => undefined);
  }
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', releaseAll);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getHeldIds = () => heldIds;

/** The ids of rows deleted but held back for their Undo: lists leave them out. */
export function useHeldBackIds(): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, getHeldIds, getHeldIds);
}

/** Test helper: forget everything held. */
export function resetHeldBack(): void {
  entries.clear();
  publish();
}
