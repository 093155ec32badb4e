import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, Toaster, toast } from './toast';

describe('toasts (docs/product.md#toasts)', () => {
  beforeEach(() => vi.useFakeTimers());

  it('shows one at a time: a new toast replaces the current one', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Task created', description: 'Your task has been created successfully.' });
    });
    expect(screen.getByText('Task created')).toBeInTheDocument();
    act(() => {
      toast({ title: 'Removed from Today' });
    });
    expect(screen.getByText('Removed from Today')).toBeInTheDocument();
    expect(screen.queryByText('Task created')).not.toBeInTheDocument();
  });

  it('collapses a run of the same toast into one that stays put, with the newest text and fresh 5 s', () => {
    render(<Toaster />);
    const closedEarlier = vi.fn();
    act(() => {
      toast({ title: 'Task completed', description: '“Alpha” is done.', onClose: closedEarlier });
    });
    const first = screen.getByText('Task completed').closest('li');
    expect(first).not.toHaveAttribute('data-continued');
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1000);
    });
    for (const title of ['Bravo', 'Charlie'])
      act(() => {
        toast({ title: 'Task completed', description: `“${title}” is done.` });
      });
    // One toast, showing the newest line, taking the place without arriving again.
    expect(document.querySelectorAll('li')).toHaveLength(1);
    expect(screen.getAllByText('Task completed')).toHaveLength(1);
    expect(screen.getByText('“Charlie” is done.')).toBeInTheDocument();
    expect(screen.queryByText('“Alpha” is done.')).not.toBeInTheDocument();
    expect(screen.getByText('Task completed').closest('li')).toHaveAttribute('data-continued', 'true');
    // The earlier toast of the run has gone as far as its owner knows (a held delete is sent then).
    expect(closedEarlier).toHaveBeenCalledTimes(1);
    // Its 5 s started again with the last one.
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 50);
    });
    expect(screen.getByText('Task completed').closest('li')).toHaveAttribute('data-state', 'open');

    // Another toast starts a new run and arrives as usual.
    act(() => {
      toast({ title: 'Removed from Today' });
    });
    expect(screen.getByText('Removed from Today').closest('li')).not.toHaveAttribute('data-continued');
  });

  it('closes by itself after 5000 ms and is removed 1000 ms after that', () => {
    expect([TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS]).toEqual([5000, 1000]);
    render(<Toaster />);
    act(() => {
      toast({ title: 'Cleared Today', description: 'All items removed from your today list.' });
    });
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 50);
    });
    expect(screen.getByText('Cleared Today').closest('li')).toHaveAttribute('data-state', 'open');
    act(() => {
      vi.advanceTimersByTime(100);
    });
    act(() => {
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    });
    expect(screen.queryByText('Cleared Today')).not.toBeInTheDocument();
  });

  it('sits at the top on phones and bottom-right from sm, at most 420px wide, focusable with F8', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Goal archived', description: 'The goal has been archived.' });
    });
    const region = screen.getByRole('region', { name: /F8/ });
    const viewport = region.querySelector('ol');
    expect(viewport?.className).toEqual(expect.stringContaining('top-0'));
    for (const name of ['sm:top-auto', 'sm:bottom-0', 'right-0', 'sm:max-w-[420px]'])
      expect(viewport?.classList.contains(name), name).toBe(true);
  });
});
