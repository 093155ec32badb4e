import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { allCalls, api, queryKeyRootOf } from '#shared/api/contract';
import type { LiveChange, LiveChangeKind } from '#shared/api/live';
import { LIVE_EVENTS } from '#shared/api/wire-names';
import { TAB_ID } from './client-id';

/*
 * Live updates (docs/product.md#live-updates, docs/decisions/017-live-sync.md): while signed in, one
 * EventSource on /api/events hears what changed on the person's other tabs and devices, and the reads
 * it touches are refetched. The browser reconnects by itself with Last-Event-ID; the server then sends
 * what was missed, or `resync`, which refetches everything.
 */

/**
 * The reads a kind of change can alter: those whose call lists it in `changedBy` (the API's contract,
 * src/shared/api/contract.ts), by the part of their key every answer shares, so that a task's history is
 * refetched with the tasks. `account` (settings, an import) alters everything.
 */
const KEYS = new Map<LiveChangeKind, QueryKey[]>();
for (const call of allCalls) {
  for (const kind of call.changedBy ?? []) {
    const keys = KEYS.get(kind) ?? [];
    const root = queryKeyRootOf(call);
    if (!keys.some((key) => key.join('/') === root.join('/'))) keys.push([...root]);
    KEYS.set(kind, keys);
  }
}
const EVERYTHING: QueryKey[] = [['api']];

/** How often a change held back (a drag or a write in progress here) is looked at again. */
const HELD_RECHECK_MS = 250;
/** After the server refused the stream (signed out, say), the pause before asking again. */
const RESTART_MS = 30_000;

let holds = 0;

/**
 * Holds refetches while a drag is under way: a list changing under the finger would move the row
 * being dragged. Answers the release.
 */
export function holdLiveUpdates(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
  };
}

type EventSourceLike = Pick<EventSource, 'addEventListener' | 'close' | 'readyState' | 'onerror'>;

export type LiveUpdatesOptions = {
  /** Tests pass a fake; the browser's EventSource otherwise. */
  open?: (url: string) => EventSourceLike;
};

/** Starts listening; answers the stop. */
export function startLiveUpdates(queryClient: QueryClient, options: LiveUpdatesOptions = {}): () => void {
  const open = options.open ?? ((url: string) => new EventSource(url, { withCredentials: true }));
  const pending = new Set<LiveChangeKind>();
  let source: EventSourceLike | undefined;
  let recheck: ReturnType<typeof setTimeout> | undefined;
  let restart: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  function flush(): void {
    recheck = undefined;
    if (stopped || pending.size === 0) return;
    // A write of this tab in flight will refetch when it settles; a drag must not be disturbed.
    if (holds > 0 || queryClient.isMutating() > 0) {
      recheck = setTimeout(flush, HELD_RECHECK_MS);
      return;
    }
    const kinds = [...pending];
    pending.clear();
    const keys = kinds.includes('account') ? EVERYTHING : kinds.flatMap((kind) => KEYS.get(kind) ?? []);
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  }

  function take(kinds: readonly LiveChangeKind[]): void {
    for (const kind of kinds) pending.add(kind);
    if (recheck === undefined) flush();
  }

  function connect(): void {
    const next = open(api.live.events.path);
    source = next;
    next.addEventListener(LIVE_EVENTS.change, (event) => {
      let change: LiveChange;
      try {
        change = JSON.parse((event as MessageEvent<string>).data) as LiveChange;
      } catch {
        return;
      }
      if (change.tab === TAB_ID || !Array.isArray(change.kinds)) return;
      take(change.kinds);
    });
    next.addEventListener(LIVE_EVENTS.resync, () => take(['account']));
    next.onerror = () => {
      // CONNECTING: the browser retries by itself. CLOSED: the server refused (401); ask again later.
      if (next.readyState !== 2 || stopped) return;
      next.close();
      restart = setTimeout(connect, RESTART_MS);
    };
  }

  connect();
  return () => {
    stopped = true;
    source?.close();
    if (recheck !== undefined) clearTimeout(recheck);
    if (restart !== undefined) clearTimeout(restart);
  };
}
