import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

/*
 * The toasts' view as the app gets it: a chunk loaded after the first screen. This file resets the
 * module registry for a copy of toast.tsx whose view is not loaded yet (the test setup loads the shared
 * one), so it runs with modules of its own (vitest.config.ts).
 */
describe('the toasts’ view, a chunk of its own (docs/decisions/010-first-load-weight.md)', () => {
  it('draws nothing until loaded, and a toast asked for before that shows once it is', async () => {
    vi.resetModules();
    const fresh = await import('./toast');
    render(<fresh.Toaster />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    act(() => {
      fresh.toast({ title: 'Could not save' });
    });
    expect(screen.queryByText('Could not save')).not.toBeInTheDocument();
    expect(await screen.findByText('Could not save')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Notifications/ })).toBeInTheDocument();
  });

  it('asks for the view again with the next toast when it could not be loaded for the last one', async () => {
    vi.resetModules();
    let asked = 0;
    vi.doMock('./toast-view', async () => {
      asked += 1;
      if (asked === 1) throw new Error('Failed to fetch dynamically imported module');
      return vi.importActual('./toast-view');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fresh = await import('./toast');
    render(<fresh.Toaster />);
    act(() => {
      fresh.toast({ title: 'Read done' });
    });
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    act(() => {
      fresh.toast({ title: 'A change made offline was not saved' });
    });
    expect(await screen.findByText('A change made offline was not saved')).toBeInTheDocument();
    expect(asked).toBe(2);
    warn.mockRestore();
    vi.doUnmock('./toast-view');
  });
});
