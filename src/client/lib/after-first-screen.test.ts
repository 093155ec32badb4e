import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  afterFirstScreen,
  FIRST_SCREEN_AT_LATEST_MS,
  markFirstScreenDrawn,
  resetFirstScreen,
} from './after-first-screen';

describe('afterFirstScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetFirstScreen();
  });
  afterEach(() => {
    resetFirstScreen();
    vi.useRealTimers();
  });

  it('waits for the first screen to be drawn, then for an idle moment, and runs the work once', () => {
    const work = vi.fn();
    afterFirstScreen(work);
    vi.advanceTimersByTime(FIRST_SCREEN_AT_LATEST_MS - 1);
    expect(work).not.toHaveBeenCalled();

    markFirstScreenDrawn();
    // Not in the drawing's own task: at the next idle moment.
    expect(work).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(work).toHaveBeenCalledTimes(1);

    markFirstScreenDrawn();
    vi.runAllTimers();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('takes a screen that never says it is drawn as drawn after FIRST_SCREEN_AT_LATEST_MS', () => {
    const work = vi.fn();
    afterFirstScreen(work);
    vi.advanceTimersByTime(FIRST_SCREEN_AT_LATEST_MS);
    vi.runOnlyPendingTimers();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs work asked for after the first screen at the next idle moment', () => {
    markFirstScreenDrawn();
    const work = vi.fn();
    afterFirstScreen(work);
    expect(work).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(work).toHaveBeenCalledTimes(1);
  });
});
