import { deleteValue } from './key-value-store';

/*
 * Where the last data seen is kept on the device (lib/offline-cache.ts), and how it is forgotten. Apart
 * from the cache itself so that signing out, which the landing page's script can do, needs neither
 * React nor TanStack Query (docs/decisions/010-first-load-weight.md).
 */

export const SAVED_DATA_KEY = 'query-cache';

/** Forgets the saved copy (sign-out, account deleted). */
export function clearOfflineCache(): Promise<void> {
  return deleteValue(SAVED_DATA_KEY);
}
