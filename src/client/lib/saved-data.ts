import { deleteValue } from './key-value-store';

/*
 * What this device keeps of the signed-in person, and how it is forgotten: the last data seen
 * (lib/offline-cache.ts), the changes kept offline (lib/outbox.ts), the ticks a reminder's Done
 * kept (lib/reminder-ticks.ts) and the browser's push subscription. Apart from both so that signing
 * out, which the landing page's script can do, needs neither React nor TanStack Query
 * (docs/decisions/010-first-load-weight.md).
 */

export const SAVED_DATA_KEY = 'query-cache';
export const KEPT_CHANGES_KEY = 'outbox';
/** Ticks a reminder's Done could not send, kept by the service worker for the app (lib/reminder-ticks.ts). */
export const REMINDER_TICKS_KEY = 'reminder-ticks';

let forgotten = false;

/**
 * Forgets everything kept of the person (sign-out, account deleted). Nothing is saved again in this page,
 * which is about to leave: a save still due, or the one at `pagehide`, would write it all back
 * (docs/decisions/018-installable-app.md).
 */
export async function clearSavedData(): Promise<void> {
  forgotten = true;
  await Promise.all([
    deleteValue(SAVED_DATA_KEY),
    deleteValue(KEPT_CHANGES_KEY),
    deleteValue(REMINDER_TICKS_KEY),
    dropPushSubscription(),
  ]);
}

/**
 * The person leaving takes their reminders with them: the browser's push subscription is dropped, so
 * the push service refuses what the server still sends to it (410), and the server forgets it
 * (docs/product.md#reminders). Never in the way of signing out: a browser without push, or one that
 * fails here, leaves it to the server.
 */
async function dropPushSubscription(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // Nothing to drop, or the browser would not: the server's next message finds it gone or not.
  }
}

/** Whether this page has forgotten the person: then it keeps nothing more. */
export function savingStopped(): boolean {
  return forgotten;
}

/** Tests start saving. */
export function resetSavedData(): void {
  forgotten = false;
}
