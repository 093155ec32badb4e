import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { GoogleSignInButton } from './components/google-sign-in-button';
import { signOutFromApp } from './session-actions';

afterEach(() => vi.unstubAllGlobals());

function stub(onLine: boolean) {
  const assign = vi.fn();
  vi.stubGlobal('navigator', { ...navigator, onLine });
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

/** Submits the sign-in form; answers whether the app let the browser go on to the server. */
function submitSignIn(): boolean {
  let wentOn = false;
  // Registered on the document, so it runs after React's handler on the root, and stops the navigation.
  const listener = (event: Event) => {
    wentOn = !event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener('submit', listener);
  fireEvent.click(screen.getByRole('button', { name: 'Sign In with Google' }));
  document.removeEventListener('submit', listener);
  return wentOn;
}

describe('signing in and out from the app (docs/product.md#connectivity)', () => {
  it('offline, says it needs a connection instead of leaving for an error page', async () => {
    const assign = stub(false);
    renderWithProviders(<GoogleSignInButton />);
    signOutFromApp();
    expect(await screen.findByText('Signing out needs a connection')).toBeInTheDocument();
    expect(screen.getByText("You're offline. Sign out again when you're back online.")).toBeInTheDocument();
    expect(submitSignIn()).toBe(false);
    expect(await screen.findByText('Signing in needs a connection')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('online, the sign-in form goes to the server by itself, a full page load', () => {
    stub(true);
    renderWithProviders(<GoogleSignInButton />);
    const form = screen.getByRole('button', { name: 'Sign In with Google' }).closest('form');
    expect(form?.getAttribute('action')).toBe('/api/auth/google');
    expect(form?.getAttribute('method')).toBe('get');
    expect(submitSignIn()).toBe(true);
  });
});
