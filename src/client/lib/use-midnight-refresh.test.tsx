import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';
import { MIDNIGHT_MARGIN_MS, msUntilNextLocalMidnight, useMidnightRefresh } from './use-midnight-refresh';

describe('msUntilNextLocalMidnight', () => {
  it.each([
    [new Date(2026, 10, 22, 23, 59, 59, 0), 1_000],
    [new Date(2026, 10, 22, 0, 0, 0, 0), 24 * 3_600_000],
    [new Date(2026, 10, 22, 12, 0, 0, 0), 12 * 3_600_000],
    // Month and year ends roll over through the Date constructor.
    [new Date(2026, 11, 31, 23, 0, 0, 0), 3_600_000],
  ])('from %s is %i ms', (now, expected) => {
    expect(msUntilNextLocalMidnight(now)).toBe(expected);
  });
});

describe('useMidnightRefresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 22, 23, 59, 58, 0));
  });
  afterEach(() => vi.useRealTimers());

  function mount() {
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const hook = renderHook(() => useMidnightRefresh(), { wrapper });
    return { invalidate, hook };
  }

  it('refetches everything once just after local midnight, then again the next night', () => {
    const { invalidate } = mount();
    act(() => vi.advanceTimersByTime(2_000 + MIDNIGHT_MARGIN_MS - 1));
    expect(invalidate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['api'] });

    act(() => vi.advanceTimersByTime(12 * 3_600_000));
    expect(invalidate).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(12 * 3_600_000));
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('refetches on coming back to the tab on a new day (timers held back by sleep)', () => {
    const { invalidate } = mount();
    // The clock jumps (the laptop slept) without the timer having fired.
    vi.setSystemTime(new Date(2026, 10, 23, 8, 0, 0, 0));
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
    const { invalidate, hook } = mount();
    hook.unmount();
    act(() => vi.advanceTimersByTime(3 * 24 * 3_600_000));
    expect(invalidate).not.toHaveBeenCalled();
  });
});
