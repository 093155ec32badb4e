import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

/*
 * The dialogs' Radix parts as the app gets them: a chunk loaded after the first screen, here one that
 * cannot be loaded (offline, before the service worker has kept it). This file resets the module
 * registry and mocks the parts, so it runs with modules of its own (vitest.config.ts).
 */
describe('a dialog whose parts cannot be loaded (docs/decisions/010-first-load-weight.md)', () => {
  it('says so and closes again, so that the next press opens it anew', async () => {
    vi.resetModules();
    vi.doMock('./dialog-parts', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const notifyError = vi.fn();
    vi.doMock('../../lib/notify-error', () => ({ notifyError }));
    const { Dialog } = await import('./dialog');
    const onOpenChange = vi.fn();
    const { container } = render(
      <Dialog open onOpenChange={onOpenChange}>
        <p>inside</p>
      </Dialog>,
    );
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(container).toBeEmptyDOMElement();
    expect(notifyError).toHaveBeenCalledWith('Could not open the dialog', expect.any(Error));
    vi.doUnmock('./dialog-parts');
    vi.doUnmock('../../lib/notify-error');
  });
});
