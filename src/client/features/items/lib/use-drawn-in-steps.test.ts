import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { itemsWithin, ROWS_PER_STEP, useDrawnInSteps } from './use-drawn-in-steps';

afterEach(() => vi.useRealTimers());

const itemsOf = (count: number) => count;

describe('itemsWithin', () => {
  it('counts a heading as a row and stops where the rows run out, part of a section included', () => {
    // 1 + 5 rows, then 1 + 3 of the next section's 20.
    expect(itemsWithin([5, 20, 20], 10)).toEqual([5, 3]);
  });

  it('counts an empty section as its heading and its placeholder', () => {
    expect(itemsWithin([0, 0, 5], 5)).toEqual([0, 0, 1]);
  });

  it('begins a section with its heading and one item, never a heading alone', () => {
    // 9 rows used of 10: the next section still gets one item, then nothing more is begun.
    expect(itemsWithin([8, 20, 20], 10)).toEqual([8, 1]);
    expect(itemsWithin([9, 20, 20], 10)).toEqual([9]);
  });

  it('always begins the first section', () => {
    expect(itemsWithin([50], 0)).toEqual([1]);
  });

  it('draws everything when the rows are enough', () => {
    expect(itemsWithin([3, 0, 4], 100)).toEqual([3, 0, 4]);
    expect(itemsWithin([], 10)).toEqual([]);
  });
});

describe('useDrawnInSteps', () => {
  it('draws a short list at once', () => {
    const { result } = renderHook(() => useDrawnInSteps([3, 3, 3], itemsOf));
    expect(result.current).toEqual([3, 3, 3]);
  });

  it('draws a long list a screenful at a time, after a paint each, until all is drawn', async () => {
    vi.useFakeTimers();
    const sections = [ROWS_PER_STEP + 10, 20, 20, 20];
    const { result } = renderHook(() => useDrawnInSteps(sections, itemsOf));
    // The first step: the first section's heading and as many items as the step has rows left.
    expect(result.current).toEqual([ROWS_PER_STEP - 1]);
    const drawnRows = () => result.current.reduce((sum, items) => sum + 1 + items, 0);
    const seen = [drawnRows()];
    for (let step = 0; step < 20 && drawnRows() < 4 + 70 + ROWS_PER_STEP; step += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
      seen.push(drawnRows());
    }
    expect(result.current).toEqual(sections);
    // Each step adds at most a step's rows and one heading.
    for (let i = 1; i < seen.length; i += 1) {
      expect((seen[i] ?? 0) - (seen[i - 1] ?? 0)).toBeLessThanOrEqual(ROWS_PER_STEP + 1);
    }
    expect(seen.length).toBeGreaterThan(4);
  });

  it('once all is drawn, draws what comes later at once', async () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ sections }) => useDrawnInSteps(sections, itemsOf), {
      initialProps: { sections: [10, 20] },
    });
    for (let step = 0; step < 5; step += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
    }
    expect(result.current).toEqual([10, 20]);
    rerender({ sections: [10, 20, 40, 40] });
    expect(result.current).toEqual([10, 20, 40, 40]);
  });
});
