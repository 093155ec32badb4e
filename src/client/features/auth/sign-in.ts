import { SIGN_IN_PATH, SIGN_OUT_PATH } from '#shared/api/wire-names';
import { clearSavedData } from '../../lib/saved-data';

export function signIn(): void {
  window.location.assign(SIGN_IN_PATH);
}

/** What the device keeps of the person goes first (lib/saved-data.ts), then the session. */
export function signOut(): void {
  void clearSavedData().finally(() => window.location.assign(SIGN_OUT_PATH));
}
