import { api } from '#shared/api/contract';
import { clearSavedData } from '../../lib/saved-data';

/**
 * Sign-in and sign-out are full browser navigations, never background calls
 * (docs/product.md#sign-in-state).
 */
export const SIGN_IN_PATH = api.auth.signIn.path;
export const SIGN_OUT_PATH = api.auth.signOut.path;

export function signIn(): void {
  window.location.assign(SIGN_IN_PATH);
}

/** What the device keeps of the person goes first (lib/saved-data.ts), then the session. */
export function signOut(): void {
  void clearSavedData().finally(() => window.location.assign(SIGN_OUT_PATH));
}
