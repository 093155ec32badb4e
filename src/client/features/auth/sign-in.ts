import { SIGN_OUT_PATH } from '#shared/api/wire-names';
import { clearSavedData } from '../../lib/saved-data';

/** What the device keeps of the person goes first (lib/saved-data.ts), then the session. */
export function signOut(): void {
  void clearSavedData().finally(() => window.location.assign(SIGN_OUT_PATH));
}
