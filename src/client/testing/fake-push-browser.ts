import { vi } from 'vitest';
import { installFakeApi, on } from './fake-api';

/*
 * A browser's notifications, service worker and PushManager as the reminders' switch sees them
 * (lib/reminders-on-device.ts), and the server's push calls. The globals are stubbed; the client's
 * test setup (testing/setup.ts) undoes them after each test.
 */

const base64url = (bytes: number[]) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
export const SERVER_KEY = base64url([4, ...Array.from({ length: 64 }, (_, i) => i)]);
export const ENDPOINT = 'https://push.example.com/send/abc';
export const SUBSCRIPTION_JSON = {
  endpoint: ENDPOINT,
  expirationTime: null,
  keys: {
    p256dh: base64url([4, ...Array.from({ length: 64 }, () => 7)]),
    auth: base64url(Array(16).fill(9)),
  },
};

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
export const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** The browser: notifications, a worker with a PushManager, a subscription or none. */
export function fakePushBrowser(options: {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  subscribed?: boolean;
  pushManager?: boolean;
  userAgent?: string;
}) {
  const state = { permission: options.permission ?? 'default', subscribed: options.subscribed ?? false };
  const subscription = {
    endpoint: ENDPOINT,
    options: { applicationServerKey: null as ArrayBuffer | null },
    toJSON: () => SUBSCRIPTION_JSON,
    unsubscribe: vi.fn(async () => {
      state.subscribed = false;
      return true;
    }),
  };
  const subscribe = vi.fn(async (opts: { applicationServerKey: Uint8Array }) => {
    subscription.options.applicationServerKey = opts.applicationServerKey.slice().buffer;
    state.subscribed = true;
    return subscription;
  });
  const showNotification = vi.fn(async () => undefined);
  const registration = {
    pushManager: { getSubscription: async () => (state.subscribed ? subscription : null), subscribe },
    showNotification,
  };
  const requestPermission = vi.fn(async () => {
    state.permission = options.answer ?? 'granted';
    return state.permission;
  });
  vi.stubGlobal('Notification', {
    get permission() {
      return state.permission;
    },
    requestPermission,
  });
  if (options.pushManager !== false) vi.stubGlobal('PushManager', class {});
  else Reflect.deleteProperty(window, 'PushManager');
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal('navigator', {
    userAgent: options.userAgent ?? CHROME,
    maxTouchPoints: 0,
    onLine: true,
    serviceWorker: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { requestPermission, subscribe, subscription, showNotification };
}

/** The server's push calls: its key, and subscriptions taken and dropped. */
export function fakePushServer() {
  return installFakeApi(
    on('GET', '/api/push/public-key', () => ({ body: { publicKey: SERVER_KEY } })),
    on('POST', '/api/push/subscriptions', () => ({
      status: 201,
      body: { endpoint: ENDPOINT, createdAt: '2026-11-27T06:00:00.000Z' },
    })),
    on('DELETE', '/api/push/subscriptions', () => ({ status: 204 })),
  );
}
