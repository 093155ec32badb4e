import { act, renderHook } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBackCloses } from './use-back-closes';

/*
 * Back closes an open dialog (docs/product.md#dialog-lifecycle): the history entry it pops must be
 * there as soon as the dialog is, and React's development double run of effects must leave one.
 */

afterEach(() => vi.restoreAllMocks());
// The client's test files share one window (vitest.config.ts): a dialog another file left open may
// have left its mark in history.state. Each case here starts from an entry with none.
beforeEach(() => window.history.replaceState(null, ''));

const marks = () =>
  (window.history.state as { strideOpenDialogs?: string[] } | null)?.strideOpenDialogs ?? [];

function mount(close = vi.fn()) {
  const push = vi.spyOn(window.history, 'pushState');
  const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
  const hook = renderHook(({ open }) => useBackCloses(open, close), {
    initialProps: { open: false },
    wrapper: StrictMode,
  });
  return { hook, push, back, close };
}

describe('useBackCloses', () => {
  it('pushes the entry in the same flush the dialog opens in, once under the double run of effects', () => {
    const { hook, push, back } = mount();
    hook.rerender({ open: true });
    // No task later: a Back pressed the moment the dialog shows already finds its entry.
    expect(push).toHaveBeenCalledTimes(1);
    expect(marks()).toHaveLength(1);
    expect(back).not.toHaveBeenCalled();
  });

  it('takes its entry back out when closed another way, once', async () => {
    const { hook, back } = mount();
    hook.rerender({ open: true });
    hook.rerender({ open: false });
    await act(async () => {
      await Promise.resolve();
    });
    expect(back).toHaveBeenCalledTimes(1);
  });

  it('closes on Back, when its mark leaves the history, and then takes nothing out', async () => {
    const { hook, back, close } = mount();
    hook.rerender({ open: true });
    // What the browser does on Back: the state below, without this dialog's mark, and popstate.
    window.history.replaceState({ strideOpenDialogs: [] }, '');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(close).toHaveBeenCalledTimes(1);
    hook.rerender({ open: false });
    await act(async () => {
      await Promise.resolve();
    });
    expect(back).not.toHaveBeenCalled();
  });
});
