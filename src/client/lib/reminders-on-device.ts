import { useState, useSyncExternalStore } from 'react';
import { toast } from '../components/ui/toast';
import { ApiError } from './api-error';
import { errorText } from './error-text';
import { currentSubscription, NO_WORKER_MESSAGE, switchRemindersOff, switchRemindersOn } from './push-device';
import { browserTraits, type PushSupport, pushSupport } from './push-support';

/*
 * Whether this device gets reminders, and switching them on or off (docs/product.md#account-settings,
 * docs/decisions/044-reminders-off-said-where-set.md). One answer for every place that shows it, the
 * settings' switch and the note beside a reminder being set, so a switch in one shows in the others.
 */

export const DENIED_WORDS =
  'The browser refused notifications for Stride, so reminders stay off. Allow notifications in the site’s settings, then switch reminders on again.';
export const DISMISSED_WORDS =
  'Reminders stay off: the browser’s question was closed without an answer. Switch them on to be asked again.';
const PUSH_SERVICE_WORDS =
  'This browser’s push service did not take the subscription. Try again in a moment.';

/** A failure in words: the server's, the worker's, or the browser's push service's. */
export function pushFailureText(error: unknown): string {
  if (error instanceof ApiError || error instanceof TypeError) return errorText(error);
  if (error instanceof Error && error.message === NO_WORKER_MESSAGE) return NO_WORKER_MESSAGE;
  if (error instanceof DOMException) return PUSH_SERVICE_WORDS;
  return errorText(error);
}

/** `on` is undefined while the browser's own subscription is being looked up. */
export type DeviceReminders = { support: PushSupport; on: boolean | undefined };

const NOT_IN_A_BROWSER: DeviceReminders = { support: 'unsupported', on: false };

let state: DeviceReminders | undefined;
/** Bumped when the last reader leaves, so a look-up answering after that changes nothing. */
let generation = 0;
const listeners = new Set<() => void>();

function snapshot(): DeviceReminders {
  if (!state) {
    const support = pushSupport(browserTraits());
    state = { support, on: support === 'ready' ? undefined : false };
  }
  return state;
}

function update(next: Partial<DeviceReminders>) {
  state = { ...snapshot(), ...next };
  for (const listener of listeners) listener();
}

/** The browser's subscription, asked for only when notifications are already granted (asking prompts). */
function lookUp() {
  if (snapshot().support !== 'ready') return;
  const asked = generation;
  const granted = Notification.permission === 'granted';
  (granted ? currentSubscription() : Promise.resolve(null)).then(
    (subscription) => asked === generation && update({ on: subscription !== null }),
    () => asked === generation && update({ on: false }),
  );
}

// Read afresh whenever something starts showing it: the browser's permission may have changed meanwhile.
function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) lookUp();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      state = undefined;
      generation += 1;
    }
  };
}

type Failure = { title: string; text: string };

/**
 * This device's reminders, shared by every reader, and a way to switch them that says what came of it
 * for the place that asked: a notice (the browser's question refused or closed) or a failure.
 */
export function useRemindersOnDevice() {
  const device = useSyncExternalStore(subscribe, snapshot, () => NOT_IN_A_BROWSER);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  const change = async (wanted: boolean) => {
    setBusy(true);
    setNotice(null);
    setFailure(null);
    try {
      if (wanted) {
        const outcome = await switchRemindersOn();
        if (outcome === 'on') {
          update({ on: true });
          toast({
            title: 'Reminders on',
            description: 'This device gets a notification at each reminder time.',
          });
        } else {
          setNotice(outcome === 'denied' ? DENIED_WORDS : DISMISSED_WORDS);
          update({ support: pushSupport(browserTraits()) });
        }
      } else {
        await switchRemindersOff();
        update({ on: false });
        toast({ title: 'Reminders off', description: 'This device gets no more reminders.' });
      }
    } catch (error) {
      setFailure({
        title: wanted ? 'Could not switch reminders on' : 'Could not switch reminders off',
        text: pushFailureText(error),
      });
    } finally {
      setBusy(false);
    }
  };

  return { ...device, busy, notice, failure, setFailure, change };
}
