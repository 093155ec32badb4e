import { api } from '#shared/api/contract';
import type { ReminderMessage } from '#shared/api/reminders';
import { toast } from '../components/ui/toast';
import {
  itemLink,
  type KeptTick,
  OPEN_ITEM,
  REMINDER_SHOWN,
  reminderOf,
  TICKS_KEPT,
} from '../reminder-actions';
import { callApi } from './api-client';
import { ApiError } from './api-error';
import { deleteValue, readValue } from './key-value-store';
import { notifyError } from './notify-error';
import { REMINDER_TICKS_KEY } from './saved-data';

/*
 * The app's side of reminders (docs/product.md#reminders, docs/decisions/036-reminders-on-screen.md):
 * a reminder the service worker shows while a tab is open shows here as a toast too; a tap on a
 * notification opens its item in an open tab; and ticks a notification's Done could not send (no
 * answer) are taken from the worker's keeping and sent as the card's tick is: through the fetch
 * wrapper, which keeps them with the app's other changes while Stride cannot be reached.
 */

export function reminderToast(message: ReminderMessage): void {
  toast({
    title: `Reminder: ${message.title}`,
    ...(message.goal ? { description: `Goal: ${message.goal}` } : {}),
  });
}

let taking: Promise<void> | undefined;

/** Sends every tick the worker kept, each once, in the order kept. */
export function takeKeptTicks(): Promise<void> {
  taking ??= (async () => {
    const ticks = (await readValue<KeptTick[]>(REMINDER_TICKS_KEY)) ?? [];
    if (ticks.length === 0) return;
    await deleteValue(REMINDER_TICKS_KEY);
    for (const tick of ticks) {
      const body = { [tick.tick]: true };
      const sent =
        tick.kind === 'task'
          ? callApi(api.tasks.update, { params: { id: tick.id }, body })
          : callApi(api.habits.update, { params: { id: tick.id }, body });
      await sent.catch((error: unknown) => {
        // Gone meanwhile: the tick did what it was for.
        if (error instanceof ApiError && error.status === 404) return;
        notifyError(`Could not tick “${tick.title}” from its reminder`, error);
      });
    }
  })().finally(() => {
    taking = undefined;
  });
  return taking;
}

/** Listens to the worker while signed in; `open` goes to a page (the item's link). Returns the stop. */
export function startReminderMessages(open: (path: string) => void): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  const listener = (event: MessageEvent) => {
    const data = event.data as { type?: string; message?: unknown; kind?: unknown; id?: unknown } | null;
    if (data?.type === REMINDER_SHOWN) {
      const message = reminderOf(data.message);
      if (message) reminderToast(message);
    } else if (data?.type === OPEN_ITEM && (data.kind === 'task' || data.kind === 'habit')) {
      if (typeof data.id === 'string') open(itemLink({ kind: data.kind, id: data.id }));
    } else if (data?.type === TICKS_KEPT) {
      void takeKeptTicks();
    }
  };
  navigator.serviceWorker.addEventListener('message', listener);
  void takeKeptTicks();
  return () => navigator.serviceWorker.removeEventListener('message', listener);
}
