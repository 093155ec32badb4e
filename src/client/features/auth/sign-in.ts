import { clearOfflineCache } from '../../lib/saved-data';

/**
 * Sign-in and sign-out are full browser navigations, never background calls
 * (docs/product.md#sign-in-state).
 */
export const SIGN_IN_PATH = '/api/auth/google';
export const SIGN_OUT_PATH = '/api/auth/logout';

export function signIn(): void {
  window.location.assign(SIGN_IN_PATH);
}

/** The saved copy of the person's data goes first (lib/offline-cache.ts), then the session. */
export function signOut(): void {
  void clearOfflineCache().finally(() => window.location.assign(SIGN_OUT_PATH));
}
