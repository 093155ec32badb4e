import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROWS_PER_STEP, useDrawnInSteps } from './use-drawn-in-steps';

afterEach(() => vi.useRealTimers());

const rows = (n: number) => n;

describe('useDrawnInSteps', () => {
  it('draws a short list at once', () => {
    const { result } = renderHook(() => useDrawnInSteps([5, 5, 5], rows));
    expect(result.current).toBe(3);
  });

  it('draws a long list a screenful at a time, whole sections, at least one, until all are drawn', async () => {
    vi.useFakeTimers();
    const sections = [ROWS_PER_STEP + 10, 20, 20, 20];
    const { result } = renderHook(() => useDrawnInSteps(sections, rows));
    expect(result.current).toBe(1);
    const seen = [result.current];
    for (let step = 0; step < 10 && result.current < sections.length; step += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
      seen.push(result.current);
    }
    expect(result.current).toBe(4);
    // Grew in more than one step.
    expect(new Set(seen).size).toBeGreaterThan(2);
  });
});
