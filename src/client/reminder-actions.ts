import { api, pathOf } from '#shared/api/contract';
import type { ReminderMessage } from '#shared/api/reminders';
import { TIME_ZONE_HEADER } from '#shared/api/wire-names';

/*
 * What a reminder's notification shows and what its actions send (docs/product.md#reminders,
 * docs/decisions/036-reminders-on-screen.md), apart from the service worker's events so that each
 * rule is tested on its own (service-worker.ts wires them). The paths come from the API's contract,
 * which holds no zod, so the worker stays small.
 */

export const DONE_ACTION = 'done';
export const SNOOZE_ACTION = 'snooze';
export const SNOOZE_FAILED_TEXT = 'Could not snooze: no connection.';

/** What the app's page and the worker tell each other about reminders. */
export const REMINDER_SHOWN = 'stride-reminder';
export const OPEN_ITEM = 'stride-open-item';
export const TICKS_KEPT = 'stride-reminder-ticks-kept';

/** A push's JSON, if it is a reminder (checked by hand: the worker carries no zod). */
export function reminderOf(data: unknown): ReminderMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const value = data as Record<string, unknown>;
  const text = (key: string) => typeof value[key] === 'string';
  if (value.type !== 'reminder' || (value.kind !== 'task' && value.kind !== 'habit')) return undefined;
  if (!text('id') || !text('title') || !text('tag') || !text('day') || !text('at')) return undefined;
  if (value.goal !== null && !text('goal')) return undefined;
  if (value.tick !== 'completed' && value.tick !== 'completedToday') return undefined;
  return value as ReminderMessage;
}

/** The options a worker's showNotification takes, actions included (not in TypeScript's DOM types). */
export type ShownNotification = {
  title: string;
  options: {
    body: string;
    tag: string;
    data: ReminderMessage;
    icon: string;
    badge: string;
    renotify: boolean;
    timestamp: number;
    actions: Array<{ action: string; title: string }>;
  };
};

/** The item's title, its goal (or its kind), one tag per item, Done and Snooze 10 min. */
export function notificationOf(message: ReminderMessage, body?: string): ShownNotification {
  return {
    title: message.title,
    options: {
      body: body ?? (message.goal ? `Goal: ${message.goal}` : message.kind === 'habit' ? 'Habit' : 'Task'),
      tag: message.tag,
      data: message,
      icon: '/icons/icon-192.png',
      badge: '/icons/favicon-48.png',
      // A later reminder of the same item replaces the last and is announced again.
      renotify: true,
      timestamp: Date.parse(message.at),
      actions: [
        { action: DONE_ACTION, title: 'Done' },
        { action: SNOOZE_ACTION, title: 'Snooze 10 min' },
      ],
    },
  };
}

/** Where a tap on the notification opens the item: All Items, with its edit dialog open. */
export function itemLink(message: Pick<ReminderMessage, 'kind' | 'id'>): string {
  return `/all-items?item=${message.kind}:${message.id}`;
}

/** A tick a notification's Done could not send: handed to the app's kept changes later. */
export type KeptTick = Pick<ReminderMessage, 'kind' | 'id' | 'title' | 'tick'>;

/** The call Done makes: the card's own tick of the item. */
export function tickRequest(tick: KeptTick): { method: 'PATCH'; path: string; body: Record<string, true> } {
  const call = tick.kind === 'task' ? api.tasks.update : api.habits.update;
  return {
    method: call.method,
    path: pathOf(call, { params: { id: tick.id } }),
    body: { [tick.tick]: true },
  };
}

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

function jsonInit(method: string, body: unknown, zone: string | undefined): RequestInit {
  return {
    method,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', ...(zone ? { [TIME_ZONE_HEADER]: zone } : {}) },
    body: JSON.stringify(body),
  };
}

/**
 * Sends Done's tick: 'sent' (or the item is gone: nothing to do), 'keep' when no answer came, the
 * session ended (401) or the server could not save (5xx) — the app's kept changes then send it as they
 * send their own — and 'refused' for any other answer, which sending again would not change.
 */
export async function sendTick(
  tick: KeptTick,
  fetcher: Fetch,
  zone?: string,
): Promise<'sent' | 'keep' | 'refused'> {
  const request = tickRequest(tick);
  let response: Response;
  try {
    response = await fetcher(request.path, jsonInit(request.method, request.body, zone));
  } catch {
    return 'keep';
  }
  if (response.ok || response.status === 404) return 'sent';
  if (response.status === 401 || response.status >= 500) return 'keep';
  return 'refused';
}

/** Asks the server for the reminder again in 10 minutes; false when that did not happen. */
export async function sendSnooze(message: ReminderMessage, fetcher: Fetch, zone?: string): Promise<boolean> {
  const call = api.reminders.snooze;
  try {
    const response = await fetcher(
      call.path,
      jsonInit(call.method, { kind: message.kind, id: message.id }, zone),
    );
    return response.ok;
  } catch {
    return false;
  }
}

/** Adds a tick to those kept, once per item: a second Done of the same item adds nothing. */
export function withKeptTick(kept: readonly KeptTick[], tick: KeptTick): KeptTick[] {
  return [...kept.filter((each) => !(each.kind === tick.kind && each.id === tick.id)), tick];
}
