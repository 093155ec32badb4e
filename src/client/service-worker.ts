/*
 * Stride's service worker (docs/decisions/018-installable-app.md), compiled on its own into sw.js by
 * scripts/build-service-worker.ts, which fills in the two constants below. It keeps the app shell and
 * every built file so that the app opens without a network, and never keeps API answers: data calls
 * always go to the server (offline reads come from the app's own saved copy, lib/offline-cache.ts).
 * It shows reminders pushed to it and sends their Done and Snooze (docs/product.md#reminders,
 * docs/decisions/036-reminders-on-screen.md; the rules in reminder-actions.ts).
 */

import { readValue, writeValue } from './lib/key-value-store';
import { REMINDER_TICKS_KEY } from './lib/saved-data';
import {
  DONE_ACTION,
  itemLink,
  type KeptTick,
  notificationOf,
  OPEN_ITEM,
  REMINDER_SHOWN,
  reminderOf,
  type ShownNotification,
  SNOOZE_ACTION,
  SNOOZE_FAILED_TEXT,
  sendSnooze,
  sendTick,
  TICKS_KEPT,
  withKeptTick,
} from './reminder-actions';

declare const PRECACHE_VERSION: string;
declare const PRECACHE_URLS: readonly string[];

// The worker's own globals, named here rather than pulling the WebWorker library into a DOM project.
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void };
type PushEvent = ExtendableEvent & { data: { json(): unknown } | null };
type WorkerNotification = { data: unknown; close(): void };
type NotificationEvent = ExtendableEvent & { action: string; notification: WorkerNotification };
type WindowClient = {
  url: string;
  focus(): Promise<WindowClient>;
  postMessage(message: unknown): void;
};
type WorkerScope = {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  registration: {
    showNotification(
      title: string,
      options: ShownNotification['options'] | NotificationOptions,
    ): Promise<void>;
  };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableEvent & { data: unknown }) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
};
const worker = self as unknown as WorkerScope;

const CACHE_PREFIX = 'stride-shell-';
const CACHE = `${CACHE_PREFIX}${PRECACHE_VERSION}`;
/** Every app route is the same page; offline, a navigation gets it from the cache. */
const SHELL = '/index.html';

worker.addEventListener('install', (event) => {
  // Waits as "waiting" until the page's update prompt says to take over (SKIP_WAITING below).
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([...PRECACHE_URLS])));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
      }
      // The first install takes the open page at once, so it works offline without a second load.
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') void worker.skipWaiting();
  // A page still loading while this worker activated can miss the claim above (seen in Chromium,
  // about one first visit in sixteen): it asks, and is taken now rather than at its next load.
  if (type === 'CLAIM') event.waitUntil(worker.clients.claim());
});

async function fromNetworkOrShell(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    // Pages vary by cookie (landing or app); offline, the app is the one that can show saved data.
    const shell = await caches.match(SHELL, { cacheName: CACHE, ignoreVary: true });
    if (shell) return shell;
    throw error;
  }
}

async function fromCacheOrNetwork(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: CACHE });
  return cached ?? fetch(request);
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(fromNetworkOrShell(request));
    return;
  }
  // Hashed files never change under their name; the few others are small and fetched fresh when
  // the network is there.
  event.respondWith(
    url.pathname.startsWith('/assets/')
      ? fromCacheOrNetwork(request)
      : fetch(request).catch(async (error: unknown) => {
          const cached = await caches.match(request, { cacheName: CACHE });
          if (cached) return cached;
          throw error;
        }),
  );
});

/** The zone the person's device is in, sent as the app sends it with every call. */
function deviceZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

const windows = () => worker.clients.matchAll({ type: 'window', includeUncontrolled: true });

/**
 * Runs `work` for as long as it takes: a browser's event waits for it. An event a test dispatches
 * itself (not the browser's) refuses waitUntil; the work runs all the same.
 */
function keepAlive(event: ExtendableEvent, work: Promise<unknown>): void {
  try {
    event.waitUntil(work);
  } catch {
    // The event was not dispatched by the browser: nothing waits for it.
  }
}

worker.addEventListener('push', (event) => {
  let data: unknown;
  try {
    data = event.data?.json();
  } catch {
    data = undefined;
  }
  const message = reminderOf(data);
  if (!message) return;
  const { title, options } = notificationOf(message);
  keepAlive(
    event,
    (async () => {
      await worker.registration.showNotification(title, options);
      // An open app shows it as a toast too (lib/reminder-ticks.ts listens).
      for (const client of await windows()) client.postMessage({ type: REMINDER_SHOWN, message });
    })(),
  );
});

/** Keeps a tick Done could not send, and tells any open tab, which sends it with its kept changes. */
async function keepTick(tick: KeptTick): Promise<void> {
  const kept = (await readValue<KeptTick[]>(REMINDER_TICKS_KEY)) ?? [];
  await writeValue(REMINDER_TICKS_KEY, withKeptTick(kept, tick));
  for (const client of await windows()) client.postMessage({ type: TICKS_KEPT });
}

async function openItem(kind: KeptTick['kind'], id: string): Promise<void> {
  const [open] = await windows();
  if (open) {
    await open.focus();
    open.postMessage({ type: OPEN_ITEM, kind, id });
    return;
  }
  await worker.clients.openWindow(itemLink({ kind, id }));
}

worker.addEventListener('notificationclick', (event) => {
  const message = reminderOf(event.notification.data);
  if (!message) return;
  const notification = event.notification;
  const work = (async () => {
    if (event.action === DONE_ACTION) {
      notification.close();
      const tick = { kind: message.kind, id: message.id, title: message.title, tick: message.tick };
      if ((await sendTick(tick, fetch, deviceZone())) === 'keep') await keepTick(tick);
      return;
    }
    if (event.action === SNOOZE_ACTION) {
      notification.close();
      if (await sendSnooze(message, fetch, deviceZone())) return;
      const again = notificationOf(message, SNOOZE_FAILED_TEXT);
      await worker.registration.showNotification(again.title, again.options);
      return;
    }
    notification.close();
    await openItem(message.kind, message.id);
  })();
  keepAlive(event, work);
});
