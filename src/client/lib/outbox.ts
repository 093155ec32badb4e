import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { toast } from '../components/ui/toast';
import { connectivity, subscribeConnectivity } from './connectivity';
import { errorText } from './error-text';
import { readValue, writeValue } from './key-value-store';
import { applyQueuedChange, type QueuedChange } from './offline-changes';
import { invalidateAll } from './refetch-after-write';
import { KEPT_CHANGES_KEY, savingStopped } from './saved-data';
import { isUserQuery, shownUserId, USER_QUERY_KEY, userIdOf } from './signed-in-user';

/*
 * Changes made while Stride cannot be reached (docs/product.md#connectivity): kept in order in
 * IndexedDB, shown at once on this device, and sent one after another, in the order made, when Stride
 * answers again. A change the server refuses on replay (its item was deleted meanwhile, say) is dropped
 * with a toast; one that keeps failing on the server's side is tried a few times, then dropped too:
 * the queue never loops. While anything waits, new changes join the queue behind it, so that nothing
 * overtakes.
 *
 * Each change names the person who made it, and is sent only once the user call has said that they are
 * the one signed in: on a shared device another person's changes never reach their account. A 401 on
 * replay is a session that ended, not a refusal: the changes wait until the person signs in again
 * (docs/decisions/018-installable-app.md).
 */

const STORE_KEY = KEPT_CHANGES_KEY;
/** Tries of one change that the server fails (5xx) before it is given up. */
const MAX_SERVER_FAILURES = 5;
const RETRY_MS = 10_000;

type Kept = QueuedChange & { failures: number; userId: string };
type Send = (change: QueuedChange) => Promise<unknown>;

let queue: Kept[] = [];
let send: Send | undefined;
let client: QueryClient | undefined;
/** Whether what an earlier visit kept has been read: nothing is sent before, so nothing overtakes it. */
let loaded = false;
/**
 * Who the user call last said is signed in: undefined until it has answered (and again after a replay
 * was answered 401), null when it said signed out.
 */
let signedIn: string | null | undefined;
/** A replay was answered 401: the next answer naming the person resumes after a pause, never in a loop. */
let sessionEnded = false;
let sending = false;
let retry: ReturnType<typeof setTimeout> | undefined;
let stopWatching: Array<() => void> = [];
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function publish(): void {
  // Before the earlier visit's changes are read, a write would replace them; the read writes both. After
  // sign-out has forgotten them, a write would bring them back.
  if (loaded && !savingStopped()) void writeValue(STORE_KEY, queue);
  notify();
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

/**
 * Stride answered that it cannot take the change now: 503 (its database is down or moving to a standby,
 * docs/decisions/035-database-failover.md) or a gateway's 502/504. Not a refusal: the change waits
 * like one made offline, and goes when Stride answers again.
 */
function notNow(error: unknown): boolean {
  if (noAnswer(error)) return false;
  const status = statusOf(error);
  return status === 502 || status === 503 || status === 504;
}

/** Whose changes are kept and counted now: whom the user call named, or before it has, whom the screens show. */
function currentPerson(): string | undefined {
  if (signedIn !== undefined) return signedIn ?? undefined;
  return client ? shownUserId(client) : undefined;
}

function waitingOf(person: string | undefined): number {
  return person === undefined ? 0 : queue.filter((kept) => kept.userId === person).length;
}

/** Kept by this app since changes name their person; older ones are whose nobody can tell. */
function isKept(value: unknown): value is Kept {
  return typeof value === 'object' && value !== null && 'userId' in value && typeof value.userId === 'string';
}

/** Once the server names who is signed in, another person's changes are dropped, silently: not theirs. */
function dropOthers(): void {
  const person = signedIn;
  if (!loaded || typeof person !== 'string' || queue.every((kept) => kept.userId === person)) return;
  queue = queue.filter((kept) => kept.userId === person);
  publish();
}

function later(ms: number): void {
  if (retry !== undefined) return;
  retry = setTimeout(() => {
    retry = undefined;
    void flush();
  }, ms);
}

/** Follows the user call's answers: who may send, and whose changes the banner counts. */
function watchSignedIn(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (!isUserQuery(event.query.queryKey)) return;
    if (event.type === 'updated' && event.action.type === 'success') {
      signedIn = userIdOf(event.query.state.data) ?? null;
      dropOthers();
      if (sessionEnded) {
        sessionEnded = false;
        later(RETRY_MS);
      } else {
        void flush();
      }
    }
    notify();
  });
}

/**
 * Picks up what an earlier visit kept, and sends the signed-in person's changes whenever Stride answers
 * and the user call has said who that is.
 */
export async function startOutbox(queryClient: QueryClient, sender: Send): Promise<void> {
  client = queryClient;
  send = sender;
  stopWatching = [watchSignedIn(queryClient), subscribeConnectivity(() => void flush())];
  const saved = await readValue<unknown>(STORE_KEY);
  loaded = true;
  if (Array.isArray(saved)) queue = [...saved.filter(isKept), ...queue];
  publish();
  dropOthers();
  void flush();
}

/**
 * Sends a queueable change now, or keeps it for the person it is made for: answers the server's answer,
 * or undefined when kept. `sendNow` is the request itself.
 */
export async function sendOrKeep<T>(change: QueuedChange, sendNow: () => Promise<T>): Promise<T | undefined> {
  // Nobody known (no user call answered, no saved copy shown): nobody to keep it for.
  const person = send ? currentPerson() : undefined;
  if (person !== undefined && (!loaded || waitingOf(person) > 0 || connectivity() !== 'online')) {
    keep(change, person);
    return undefined;
  }
  try {
    return await sendNow();
  } catch (error) {
    if (person === undefined || !(noAnswer(error) || notNow(error))) throw error;
    keep(change, person);
    return undefined;
  }
}

function keep(change: QueuedChange, userId: string): void {
  queue = [...queue, { ...change, failures: 0, userId }];
  if (client) applyQueuedChange(client, change);
  publish();
  void flush();
}

/** The session ended: the changes wait for the person's next sign-in, and the app asks who is signed in. */
function pauseUntilSignedIn(): void {
  signedIn = undefined;
  sessionEnded = true;
  notify();
  void client?.invalidateQueries({ queryKey: USER_QUERY_KEY });
}

async function flush(): Promise<void> {
  if (sending || !send || !loaded || connectivity() !== 'online') return;
  sending = true;
  let settledAny = false;
  try {
    while (connectivity() === 'online') {
      const person = signedIn;
      const change = typeof person === 'string' ? queue.find((kept) => kept.userId === person) : undefined;
      if (!change) break;
      try {
        await send(change);
        // By identity, not position: the queue may have changed while the change was on its way.
        queue = queue.filter((kept) => kept !== change);
        settledAny = true;
        publish();
      } catch (error) {
        // No answer, or not now: connectivity says so, and the next "online" sends the rest; nothing
        // is counted against the change, since Stride has not refused it.
        if (noAnswer(error) || notNow(error)) break;
        const status = statusOf(error);
        if (status === 401) {
          pauseUntilSignedIn();
          break;
        }
        // A delete of what is already gone (deleted on another device meanwhile) has done its work.
        if (status === 404 && change.method === 'DELETE') {
          queue = queue.filter((kept) => kept !== change);
          settledAny = true;
          publish();
          continue;
        }
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
        later(RETRY_MS * failures);
        break;
      }
    }
  } finally {
    sending = false;
  }
  // Everything the queue changed (or failed to) is read afresh from the server.
  if (settledAny && waitingChanges() === 0 && client) void invalidateAll(client);
}

/** The signed-in person's changes that wait (another person's are never theirs to see). */
export function waitingChanges(): number {
  return waitingOf(currentPerson());
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
  for (const stop of stopWatching) stop();
  stopWatching = [];
  queue = [];
  send = undefined;
  client = undefined;
  loaded = false;
  signedIn = undefined;
  sessionEnded = false;
  sending = false;
  if (retry !== undefined) clearTimeout(retry);
  retry = undefined;
}
