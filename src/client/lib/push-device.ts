import { api } from '#shared/api/contract';
import type { PushSubscriptionInput } from '#shared/api/push';
import { callApi } from './api-client';
import { ApiError } from './api-error';

/*
 * Reminders on this device (docs/product.md#account-settings, docs/decisions/036-reminders-on-screen.md):
 * the browser's push subscription, made with the server's VAPID key through the service worker's
 * PushManager and handed to the server, or taken back from both.
 */

/** The app registers its worker once the first screen is drawn (lib/after-first-screen.ts): at most seconds. */
const WORKER_WAIT_MS = 15_000;

export const NO_WORKER_MESSAGE =
  'Stride’s service worker is not running in this tab yet. Reload the page and try again.';

/** The service worker's registration, once it is active. */
export async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(NO_WORKER_MESSAGE)), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** This browser's subscription, if it has one (and a worker to hold it). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** A base64url text's bytes: the VAPID key as PushManager takes it. */
export function base64urlBytes(text: string): Uint8Array<ArrayBuffer> {
  const plain = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(plain + '='.repeat((4 - (plain.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, at) => byte === b[at]);
}

/** What `PushSubscription.toJSON()` writes, as the API takes it. */
export function subscriptionInput(subscription: PushSubscription): PushSubscriptionInput {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

export type SwitchOnOutcome = 'on' | 'denied' | 'dismissed';

/**
 * Asks for permission (only now, when the person switched reminders on), subscribes with the server's
 * key and hands the subscription to the server. A subscription made with another key (the server's
 * pair changed) is replaced. If the server refuses it (the device limit), the browser's is taken back
 * too, so the switch and the server agree.
 */
export async function switchRemindersOn(): Promise<SwitchOnOutcome> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'dismissed';
  const registration = await workerRegistration();
  const { publicKey } = await callApi(api.push.publicKey);
  const key = base64urlBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  try {
    await callApi(api.push.subscribe, { body: subscriptionInput(subscription) });
  } catch (error) {
    await subscription.unsubscribe();
    throw error;
  }
  return 'on';
}

/**
 * Tells the server first (offline this fails at once and nothing changes), then drops the browser's
 * subscription. A subscription the server had already forgotten (404) is dropped all the same.
 */
export async function switchRemindersOff(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    await callApi(api.push.unsubscribe, { body: { endpoint: subscription.endpoint } });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  await subscription.unsubscribe();
}

/**
 * A notification shown by this device's worker, as a reminder is: the server has no call that sends
 * a push on demand, so this proves the permission and the worker, not the push service's way here.
 */
export async function showTestNotification(): Promise<void> {
  const registration = await workerRegistration();
  await registration.showNotification('Stride reminders are on', {
    body: 'This is how a reminder shows on this device.',
    tag: 'stride-test',
    icon: '/icons/icon-192.png',
    badge: '/icons/favicon-48.png',
  });
}
