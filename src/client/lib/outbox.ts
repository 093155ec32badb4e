import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { toast } from '../components/ui/toast';
import { connectivity, subscribeConnectivity } from './connectivity';
import { errorText } from './error-text';
import { readValue, writeValue } from './key-value-store';
import { applyQueuedChange, type QueuedChange } from './offline-changes';
import { KEPT_CHANGES_KEY } from './saved-data';

/*
 * Changes made while Stride cannot be reached (docs/product.md#connectivity): kept in order in
 * IndexedDB, shown at once on this device, and sent one after another, in the order made, when Stride
 * answers again. A change the server refuses on replay (its item was deleted meanwhile, say) is dropped
 * with a toast; one that keeps failing on the server's side is tried a few times, then dropped too:
 * the queue never loops. While anything waits, new changes join the queue behind it, so that nothing
 * overtakes.
 */

const STORE_KEY = KEPT_CHANGES_KEY;
/** Tries of one change that the server fails (5xx) before it is given up. */
const MAX_SERVER_FAILURES = 5;
const RETRY_MS = 10_000;

type Kept = QueuedChange & { failures: number };
type Send = (change: QueuedChange) => Promise<unknown>;

let queue: Kept[] = [];
let send: Send | undefined;
let client: QueryClient | undefined;
/** Whether what an earlier visit kept has been read: nothing is sent before, so nothing overtakes it. */
let loaded = false;
let sending = false;
let retry: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function publish(): void {
  // Before the earlier visit's changes are read, a write would replace them; the read writes both.
  if (loaded) void writeValue(STORE_KEY, queue);
  for (const listener of listeners) listener();
}

/** A failure with no answer from Stride (network down, connection refused), not a refusal. */
function noAnswer(error: unknown): boolean {
  return !(
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { status?: unknown }).status === 'number'
  );
}

function statusOf(error: unknown): number {
  return (error as { status: number }).status;
}

/** Picks up what an earlier visit kept, and sends whatever waits whenever Stride answers. */
export async function startOutbox(queryClient: QueryClient, sender: Send): Promise<void> {
  client = queryClient;
  send = sender;
  const saved = await readValue<Kept[]>(STORE_KEY);
  loaded = true;
  if (Array.isArray(saved)) queue = [...saved, ...queue];
  publish();
  subscribeConnectivity(() => void flush());
  void flush();
}

/**
 * Sends a queueable change now, or keeps it: answers the server's answer, or undefined when kept.
 * `sendNow` is the request itself.
 */
export async function sendOrKeep<T>(change: QueuedChange, sendNow: () => Promise<T>): Promise<T | undefined> {
  if (send && (!loaded || queue.length > 0 || connectivity() === 'offline')) {
    keep(change);
    return undefined;
  }
  try {
    return await sendNow();
  } catch (error) {
    if (!send || !noAnswer(error)) throw error;
    keep(change);
    return undefined;
  }
}

function keep(change: QueuedChange): void {
  queue = [...queue, { ...change, failures: 0 }];
  if (client) applyQueuedChange(client, change);
  publish();
  void flush();
}

async function flush(): Promise<void> {
  if (sending || !send || !loaded || queue.length === 0 || connectivity() !== 'online') return;
  sending = true;
  let settledAny = false;
  try {
    while (queue.length > 0 && connectivity() === 'online') {
      const [change] = queue;
      if (!change) break;
      try {
        await send(change);
        // By identity, not position: the queue may have changed while the change was on its way.
        queue = queue.filter((kept) => kept !== change);
        settledAny = true;
        publish();
      } catch (error) {
        // No answer: connectivity says so, and the next "online" sends the rest.
        if (noAnswer(error)) break;
        const status = statusOf(error);
        const refused = status >= 400 && status < 500 && status !== 408 && status !== 429;
        const failures = change.failures + 1;
        if (refused || failures >= MAX_SERVER_FAILURES) {
          queue = queue.filter((kept) => kept !== change);
          settledAny = true;
          publish();
          toast({
            variant: 'destructive',
            title: 'A change made offline was not saved',
            description: `${change.label}: ${errorText(error)}`,
          });
          continue;
        }
        queue = queue.map((kept) => (kept === change ? { ...change, failures } : kept));
        publish();
        if (retry === undefined) {
          retry = setTimeout(() => {
            retry = undefined;
            void flush();
          }, RETRY_MS * failures);
        }
        break;
      }
    }
  } finally {
    sending = false;
  }
  // Everything the queue changed (or failed to) is read afresh from the server.
  if (settledAny && queue.length === 0) void client?.invalidateQueries({ queryKey: ['api'] });
}

export function waitingChanges(): number {
  return queue.length;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useWaitingChanges(): number {
  return useSyncExternalStore(subscribe, waitingChanges, () => 0);
}

/** Tests start empty. */
export function resetOutbox(): void {
  queue = [];
  send = undefined;
  client = undefined;
  loaded = false;
  sending = false;
  if (retry !== undefined) clearTimeout(retry);
  retry = undefined;
}
