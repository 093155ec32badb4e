import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TAB_ID } from './client-id';
import { holdLiveUpdates, startLiveUpdates } from './live-updates';

/** An EventSource stand-in the test speaks through. */
class FakeSource {
  readyState = 1;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, Array<(event: Event) => void>>();
  addEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) {
      listener(new MessageEvent(type, { data: JSON.stringify(data) }));
    }
  }
}

function setUp() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  const sources: FakeSource[] = [];
  const stop = startLiveUpdates(queryClient, {
    open: (url) => {
      expect(url).toBe('/api/events');
      const source = new FakeSource();
      sources.push(source);
      return source as unknown as EventSource;
    },
  });
  const keys = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  return { queryClient, invalidate, sources, stop, keys };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('startLiveUpdates', () => {
  it('refetches the reads a change of another tab can alter', () => {
    const { sources, keys, stop } = setUp();
    sources[0]?.emit('change', { kinds: ['habits'], ids: ['h1'] });
    expect(keys()).toEqual([
      ['api', 'habits'],
      ['api', 'today'],
      ['api', 'upcoming'],
    ]);
    stop();
  });

  it('refetches the tasks, their labels, Today and Upcoming after a goal changed: its deletion takes its tasks', () => {
    const { sources, keys, stop } = setUp();
    sources[0]?.emit('change', { kinds: ['goals'], ids: ['g1'] });
    expect(keys()).toEqual([
      ['api', 'goals'],
      ['api', 'tasks'],
      ['api', 'labels'],
      ['api', 'today'],
      ['api', 'upcoming'],
    ]);
    stop();
  });

  it('refetches the labels with the tasks: their counts and names live on the tasks', () => {
    const { sources, keys, stop } = setUp();
    sources[0]?.emit('change', { kinds: ['tasks'], ids: ['t1'] });
    expect(keys()).toContainEqual(['api', 'labels']);
    stop();
  });

  it('leaves its own tab’s changes alone: that tab refetched after its write', () => {
    const { sources, invalidate, stop } = setUp();
    sources[0]?.emit('change', { kinds: ['tasks'], ids: ['t1'], tab: TAB_ID });
    expect(invalidate).not.toHaveBeenCalled();
    stop();
  });

  it('refetches everything on resync and on a change of the account', () => {
    const { sources, keys, stop } = setUp();
    sources[0]?.emit('resync', {});
    sources[0]?.emit('change', { kinds: ['account'], ids: [] });
    expect(keys()).toEqual([['api'], ['api']]);
    stop();
  });

  it('waits while a drag holds it, then refetches once for all that came', () => {
    vi.useFakeTimers();
    const { sources, keys, stop } = setUp();
    const release = holdLiveUpdates();
    sources[0]?.emit('change', { kinds: ['today'], ids: [] });
    sources[0]?.emit('change', { kinds: ['today'], ids: [] });
    vi.advanceTimersByTime(1_000);
    expect(keys()).toEqual([]);
    release();
    vi.advanceTimersByTime(300);
    // Once each, in no particular order.
    expect(keys()).toHaveLength(4);
    expect(keys()).toEqual(
      expect.arrayContaining([
        ['api', 'today'],
        ['api', 'tasks'],
        ['api', 'habits'],
        ['api', 'upcoming'],
      ]),
    );
    stop();
  });

  it('asks again later when the server refused the stream, and stops for good when told to', () => {
    vi.useFakeTimers();
    const { sources, stop } = setUp();
    const first = sources[0];
    if (!first) throw new Error('no stream');
    first.readyState = 2;
    first.onerror?.(new Event('error'));
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(30_000);
    expect(sources).toHaveLength(2);
    stop();
    expect(sources[1]?.closed).toBe(true);
  });
});
