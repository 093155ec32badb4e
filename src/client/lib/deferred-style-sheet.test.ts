import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module each time: it applies the page's sheets once per page. */
const fresh = async () => {
  vi.resetModules();
  return import('./deferred-style-sheet');
};

function deferredLink(): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = '/assets/index.css';
  link.media = 'print';
  link.setAttribute('data-media', 'all');
  document.head.append(link);
  return link;
}

afterEach(() => {
  for (const link of document.head.querySelectorAll('link')) link.remove();
});

describe('applyDeferredStyleSheets', () => {
  it('gives the sheet its own media back at once, and resolves only when the file has arrived', async () => {
    const link = deferredLink();
    const { applyDeferredStyleSheets } = await fresh();
    let settled = false;
    const applied = applyDeferredStyleSheets().then(() => {
      settled = true;
    });
    expect(link.media).toBe('all');
    expect(link.hasAttribute('data-media')).toBe(false);
    // Every promise that could settle by now has (a task boundary), and this one has not.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    link.dispatchEvent(new Event('load'));
    await applied;
    expect(settled).toBe(true);
  });

  it('goes on when the sheet fails, with the rules the page carries', async () => {
    const link = deferredLink();
    const { applyDeferredStyleSheets } = await fresh();
    const applied = applyDeferredStyleSheets();
    link.dispatchEvent(new Event('error'));
    await expect(applied).resolves.toBeUndefined();
  });

  it('goes on after SHEET_WAIT_MS when the sheet never says it arrived', async () => {
    vi.useFakeTimers();
    try {
      deferredLink();
      const { applyDeferredStyleSheets, SHEET_WAIT_MS } = await fresh();
      let settled = false;
      const applied = applyDeferredStyleSheets().then(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(SHEET_WAIT_MS - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await applied;
      expect(settled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('applies once however often it is asked, and at once on a page without a deferred sheet', async () => {
    const { applyDeferredStyleSheets } = await fresh();
    const first = applyDeferredStyleSheets();
    expect(applyDeferredStyleSheets()).toBe(first);
    await expect(first).resolves.toBeUndefined();
  });
});
