import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { signInFromApp, signOutFromApp } from './session-actions';

afterEach(() => vi.unstubAllGlobals());

function stub(onLine: boolean) {
  const assign = vi.fn();
  vi.stubGlobal('navigator', { ...navigator, onLine });
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

describe('signing in and out from the app (docs/product.md#connectivity)', () => {
  it('offline, says it needs a connection instead of leaving for an error page', async () => {
    const assign = stub(false);
    renderWithProviders(<div />);
    signOutFromApp();
    expect(await screen.findByText('Signing out needs a connection')).toBeInTheDocument();
    expect(screen.getByText("You're offline. Sign out again when you're back online.")).toBeInTheDocument();
    signInFromApp();
    expect(await screen.findByText('Signing in needs a connection')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('online, goes to the sign-in', () => {
    const assign = stub(true);
    signInFromApp();
    expect(assign).toHaveBeenCalledWith('/api/auth/google');
  });
});
