import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { resetConnectivity } from './connectivity';
import { invalidateAll } from './refetch-after-write';

/** A screen's read whose refetch answers only when `answer` is called. */
function watchedRead() {
  const queryClient = new QueryClient();
  let reads = 0;
  let answer = () => {};
  const observer = new QueryObserver(queryClient, {
    queryKey: ['api', 'today'],
    queryFn: () => {
      reads += 1;
      return reads === 1 ? 'first' : new Promise<string>((resolve) => (answer = () => resolve('again')));
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  return { queryClient, reads: () => reads, answer: () => answer(), unsubscribe };
}

/** Whether `promise` settles before the pending work of this turn (timers of 0 ms included) is done. */
async function settlesNow(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return settled;
}

describe('invalidateAll', () => {
  afterEach(() => resetConnectivity('online'));

  it('online, waits for the refetch, so a write stays pending until the fresh lists are in', async () => {
    const read = watchedRead();
    await expect.poll(read.reads).toBe(1);
    const refetched = invalidateAll(read.queryClient);
    expect(await settlesNow(refetched)).toBe(false);
    expect(read.reads()).toBe(2);
    read.answer();
    await refetched;
    expect(read.queryClient.getQueryData(['api', 'today'])).toBe('again');
    read.unsubscribe();
  });

  it.each(['offline', 'unreachable', 'unavailable'] as const)(
    'when Stride cannot be reached (%s), asks for the refetch but does not wait for it',
    async (state) => {
      const read = watchedRead();
      await expect.poll(read.reads).toBe(1);
      resetConnectivity(state);
      expect(await settlesNow(invalidateAll(read.queryClient))).toBe(true);
      expect(read.reads()).toBe(2);
      read.answer();
      read.unsubscribe();
    },
  );
});
