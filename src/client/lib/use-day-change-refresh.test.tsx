import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';
import { DAY_CHANGE_MARGIN_MS, useDayChangeRefresh } from './use-day-change-refresh';

const HOUR = 3_600_000;

describe('useDayChangeRefresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T23:59:58Z'));
  });
  afterEach(() => vi.useRealTimers());

  function mount(initial: { zone: string; hour: number }) {
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const hook = renderHook(({ zone, hour }) => useDayChangeRefresh(zone, hour), {
      wrapper,
      initialProps: initial,
    });
    return { invalidate, hook };
  }

  it('refetches everything once just after the day starts, then again the next day', () => {
    const { invalidate } = mount({ zone: 'UTC', hour: 0 });
    act(() => {
      vi.advanceTimersByTime(2_000 + DAY_CHANGE_MARGIN_MS - 1);
    });
    expect(invalidate).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['api'] });

    act(() => {
      vi.advanceTimersByTime(12 * HOUR);
    });
    expect(invalidate).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(12 * HOUR);
    });
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('follows "day starts at": with 4:00 nothing happens at midnight, then once at 4:00', () => {
    const { invalidate } = mount({ zone: 'UTC', hour: 4 });
    act(() => {
      vi.advanceTimersByTime(2_000 + DAY_CHANGE_MARGIN_MS);
    });
    expect(invalidate).not.toHaveBeenCalled();
    // Now 00:00:01; the day starts at 04:00:00 and the refetch follows a second later.
    act(() => {
      vi.advanceTimersByTime(4 * HOUR - 1);
    });
    expect(invalidate).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('follows the person’s zone, not the machine’s', () => {
    // 23:59:58 UTC is 18:59:58 in New York: the day changes five hours later.
    const { invalidate } = mount({ zone: 'America/New_York', hour: 0 });
    act(() => {
      vi.advanceTimersByTime(5 * HOUR);
    });
    expect(invalidate).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(2_000 + DAY_CHANGE_MARGIN_MS);
    });
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('re-arms when the setting changes', () => {
    const { invalidate, hook } = mount({ zone: 'UTC', hour: 0 });
    hook.rerender({ zone: 'UTC', hour: 6 });
    act(() => {
      vi.advanceTimersByTime(2_000 + DAY_CHANGE_MARGIN_MS);
    });
    expect(invalidate).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(6 * HOUR);
    });
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('refetches on coming back to the tab on a new day (timers held back by sleep)', () => {
    const { invalidate } = mount({ zone: 'UTC', hour: 0 });
    // The clock jumps (the laptop slept) without the timer having fired.
    vi.setSystemTime(new Date('2026-11-23T08:00:00Z'));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(invalidate).toHaveBeenCalledTimes(1);
    // Same day again: nothing more.
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('stops when unmounted', () => {
    const { invalidate, hook } = mount({ zone: 'UTC', hour: 0 });
    hook.unmount();
    act(() => {
      vi.advanceTimersByTime(3 * 24 * HOUR);
    });
    expect(invalidate).not.toHaveBeenCalled();
  });
});
