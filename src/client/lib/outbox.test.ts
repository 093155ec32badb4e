import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConnectivity } from './connectivity';
import type { QueuedChange } from './offline-changes';
import { USER_QUERY_KEY } from './signed-in-user';

const stored = new Map<string, unknown>();
/** Holds reads back while set. Like IndexedDB, a read answers what was stored when it was made. */
let reading: Promise<void> | undefined;
vi.mock('./key-value-store', () => ({
  readValue: async (key: string) => {
    const value = stored.get(key);
    await reading;
    return value;
  },
  writeValue: async (key: string, value: unknown) => {
    stored.set(key, structuredClone(value));
  },
  deleteValue: async (key: string) => {
    stored.delete(key);
  },
}));
const toasts: Array<{ title: string; description?: string }> = [];
vi.mock('../components/ui/toast', () => ({ toast: (input: { title: string }) => toasts.push(input) }));

const { resetOutbox, sendOrKeep, startOutbox, waitingChanges } = await import('./outbox');
const { clearSavedData, resetSavedData } = await import('./saved-data');

const ANN = { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', email: 'ann@example.com' };
const BOB = { id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', email: 'bob@example.com' };

const HABIT = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Stretch',
  completedToday: false,
  completionCount: 2,
};
const tick = (done = true): QueuedChange => ({
  method: 'PATCH',
  path: `/api/habits/${HABIT.id}`,
  body: { completedToday: done },
  label: 'A tick',
});
/** A call that got no answer; the fetch wrapper reports it to connectivity, as here. */
const noAnswer = () => {
  resetConnectivity(navigator.onLine === false ? 'offline' : 'unreachable');
  return Promise.reject(new TypeError('Failed to fetch'));
};
const refused = (status: number) =>
  Promise.reject(Object.assign(new Error(`${status}`), { status, detail: 'Habit not found' }));

let sent: QueuedChange[];
let answer: (change: QueuedChange) => Promise<unknown>;
let queryClient: QueryClient;

/** As in the app, where screens hold the user call: its answer stays while timers run. */
const appQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { gcTime: Number.POSITIVE_INFINITY } } });

/** The user call answers (null: signed out). */
async function userCallSays(user: typeof ANN | null): Promise<void> {
  queryClient.setQueryData(USER_QUERY_KEY, user);
  await vi.advanceTimersByTimeAsync(0);
}

/** A later visit: the page loads again, with what this one stored. */
async function nextVisit(): Promise<void> {
  resetOutbox();
  queryClient = appQueryClient();
  await startOutbox(queryClient, (change) => {
    sent.push(change);
    return answer(change);
  });
}

beforeEach(async () => {
  vi.useFakeTimers();
  resetOutbox();
  reading = undefined;
  resetSavedData();
  stored.clear();
  toasts.length = 0;
  sent = [];
  answer = async () => ({});
  queryClient = appQueryClient();
  queryClient.setQueryData(['api', 'habits'], [HABIT]);
  queryClient.setQueryData(['api', 'today'], { tasks: [], habits: [HABIT] });
  resetConnectivity('online');
  await startOutbox(queryClient, (change) => {
    sent.push(change);
    return answer(change);
  });
  await userCallSays(ANN);
});
afterEach(() => {
  vi.useRealTimers();
  resetConnectivity('online');
});

describe('outbox', () => {
  it('sends at once while Stride answers', async () => {
    const result = await sendOrKeep(tick(), async () => 'answered');
    expect(result).toBe('answered');
    expect(waitingChanges()).toBe(0);
  });

  it('keeps a change made offline, shows it, stores it, and sends it in order when Stride answers', async () => {
    resetConnectivity('offline');
    expect(await sendOrKeep(tick(true), noAnswer)).toBeUndefined();
    expect(await sendOrKeep(tick(false), noAnswer)).toBeUndefined();
    expect(waitingChanges()).toBe(2);
    expect((stored.get('outbox') as unknown[]).length).toBe(2);
    expect(queryClient.getQueryData<(typeof HABIT)[]>(['api', 'habits'])?.[0]).toMatchObject({
      completedToday: false,
      completionCount: 2,
    });
    resetConnectivity('online');
    await vi.runAllTimersAsync();
    expect(sent.map((change) => (change.body as { completedToday: boolean }).completedToday)).toEqual([
      true,
      false,
    ]);
    expect(waitingChanges()).toBe(0);
  });

  it('keeps a change whose call got no answer, and queues later ones behind it even online', async () => {
    expect(await sendOrKeep(tick(true), noAnswer)).toBeUndefined();
    const direct = vi.fn(async () => 'answered');
    expect(await sendOrKeep(tick(false), direct)).toBeUndefined();
    expect(direct).not.toHaveBeenCalled();
    expect(waitingChanges()).toBe(2);
  });

  it('drops a change the server refuses, with a toast, and goes on with the next', async () => {
    resetConnectivity('offline');
    await sendOrKeep(tick(true), noAnswer);
    await sendOrKeep({ ...tick(true), path: '/api/habits/22222222-2222-4222-8222-222222222222' }, noAnswer);
    answer = (change) => (change.path.endsWith(HABIT.id) ? refused(404) : Promise.resolve({}));
    resetConnectivity('online');
    await vi.runAllTimersAsync();
    expect(sent).toHaveLength(2);
    expect(waitingChanges()).toBe(0);
    expect(toasts).toHaveLength(1);
    expect(toasts[0]?.title).toBe('A change made offline was not saved');
  });

  it('drops without a word a delete of what is already gone: it did what it was for', async () => {
    resetConnectivity('offline');
    await sendOrKeep(
      { method: 'DELETE', path: `/api/habits/${HABIT.id}`, body: undefined, label: 'A delete' },
      noAnswer,
    );
    await sendOrKeep(tick(true), noAnswer);
    answer = (change) => (change.method === 'DELETE' ? refused(404) : Promise.resolve({}));
    resetConnectivity('online');
    await vi.runAllTimersAsync();
    expect(sent.map((change) => change.method)).toEqual(['DELETE', 'PATCH']);
    expect(waitingChanges()).toBe(0);
    expect(toasts).toEqual([]);
  });

  it('tries a change the server keeps failing 5 times, then drops it: never a loop', async () => {
    resetConnectivity('offline');
    await sendOrKeep(tick(true), noAnswer);
    answer = () => refused(500);
    resetConnectivity('online');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(sent).toHaveLength(5);
    expect(waitingChanges()).toBe(0);
    expect(toasts).toHaveLength(1);
  });

  it('keeps a change Stride answers 503 (its database moving to a standby) with no toast, and sends it once Stride answers again, however many 503s come first', async () => {
    /** A 503, reported to connectivity as the fetch wrapper does. */
    const unavailable = () => {
      resetConnectivity('unavailable');
      return refused(503);
    };
    expect(await sendOrKeep(tick(true), unavailable)).toBeUndefined();
    expect(waitingChanges()).toBe(1);
    // While Stride is unavailable a later change is not tried: it waits behind.
    const direct = vi.fn(async () => 'answered');
    expect(await sendOrKeep(tick(false), direct)).toBeUndefined();
    expect(direct).not.toHaveBeenCalled();
    answer = unavailable;
    for (let look = 0; look < 8; look++) {
      resetConnectivity('online');
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(sent).toHaveLength(8);
    expect(waitingChanges()).toBe(2);
    answer = async () => ({});
    resetConnectivity('online');
    await vi.runAllTimersAsync();
    expect(
      sent.slice(8).map((change) => (change.body as { completedToday: boolean }).completedToday),
    ).toEqual([true, false]);
    expect(waitingChanges()).toBe(0);
    expect(toasts).toEqual([]);
  });

  it('keeps a change a gateway answers 502 or 504 the same way', async () => {
    for (const status of [502, 504]) {
      const gateway = () => {
        resetConnectivity('unreachable');
        return refused(status);
      };
      answer = gateway;
      resetConnectivity('online');
      await vi.advanceTimersByTimeAsync(0);
      expect(await sendOrKeep(tick(true), gateway)).toBeUndefined();
    }
    expect(waitingChanges()).toBe(2);
    expect(toasts).toEqual([]);
  });

  it('sends what an earlier visit kept before anything newer, each change once', async () => {
    resetOutbox();
    stored.set('outbox', [{ ...tick(true), label: 'Kept earlier', failures: 0, userId: ANN.id }]);
    let read = () => {};
    reading = new Promise((resolve) => {
      read = resolve;
    });
    // A send made before the earlier visit's changes are read answers only after they are.
    let readDone = false;
    let answerEarly = () => {};
    answer = () =>
      readDone
        ? Promise.resolve({})
        : new Promise((resolve) => {
            answerEarly = () => resolve({});
          });
    const later = (label: string): QueuedChange => ({ ...tick(false), label });
    const starting = startOutbox(queryClient, (change) => {
      sent.push(change);
      return answer(change);
    });
    await userCallSays(ANN);
    resetConnectivity('offline');
    await sendOrKeep(later('First this visit'), noAnswer);
    resetConnectivity('online');
    await sendOrKeep(later('Second this visit'), noAnswer);
    read();
    readDone = true;
    await starting;
    answerEarly();
    await vi.runAllTimersAsync();
    expect(sent.map((change) => change.label)).toEqual([
      'Kept earlier',
      'First this visit',
      'Second this visit',
    ]);
    expect(waitingChanges()).toBe(0);
  });

  it('keeps each change for the person who made it: another person signed in later never gets it', async () => {
    resetConnectivity('offline');
    await sendOrKeep(tick(true), noAnswer);
    expect(stored.get('outbox')).toMatchObject([{ userId: ANN.id }]);
    await nextVisit();
    resetConnectivity('online');
    await vi.runAllTimersAsync();
    expect(sent).toHaveLength(0);
    await userCallSays(BOB);
    await vi.runAllTimersAsync();
    expect(sent).toHaveLength(0);
    expect(waitingChanges()).toBe(0);
    expect(stored.get('outbox')).toEqual([]);
    expect(toasts).toHaveLength(0);
  });

  it('sends what an earlier visit kept only once the user call has named its person', async () => {
    resetConnectivity('offline');
    await sendOrKeep(tick(true), noAnswer);
    await nextVisit();
    resetConnectivity('online');
    await vi.runAllTimersAsync();
    expect(sent).toHaveLength(0);
    await userCallSays(ANN);
    await vi.runAllTimersAsync();
    expect(sent).toHaveLength(1);
    expect(waitingChanges()).toBe(0);
  });

  it('keeps the changes when a replay is answered 401, and sends them once the person is signed in again', async () => {
    resetConnectivity('offline');
    await sendOrKeep(tick(true), noAnswer);
    answer = () => refused(401);
    resetConnectivity('online');
    await vi.runAllTimersAsync();
    expect(sent).toHaveLength(1);
    expect(waitingChanges()).toBe(1);
    expect(toasts).toHaveLength(0);
    expect(queryClient.getQueryState(USER_QUERY_KEY)?.isInvalidated).toBe(true);
    answer = async () => ({});
    await userCallSays(ANN);
    await vi.runAllTimersAsync();
    expect(sent).toHaveLength(2);
    expect(waitingChanges()).toBe(0);
  });

  it('forgets the kept changes at sign-out, and keeps none after', async () => {
    resetConnectivity('offline');
    await sendOrKeep(tick(true), noAnswer);
    await clearSavedData();
    await sendOrKeep(tick(false), noAnswer);
    expect(stored.has('outbox')).toBe(false);
  });
});
