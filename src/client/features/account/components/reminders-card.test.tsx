import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, on } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { DENIED_WORDS, RemindersCard } from './reminders-card';

// docs/product.md#account-settings: "Reminders on this device".

const base64url = (bytes: number[]) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const SERVER_KEY = base64url([4, ...Array.from({ length: 64 }, (_, i) => i)]);
const ENDPOINT = 'https://push.example.com/send/abc';
const SUBSCRIPTION_JSON = {
  endpoint: ENDPOINT,
  expirationTime: null,
  keys: {
    p256dh: base64url([4, ...Array.from({ length: 64 }, () => 7)]),
    auth: base64url(Array(16).fill(9)),
  },
};

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** The browser as the card sees it: notifications, a worker with a PushManager, a subscription or none. */
function fakeBrowser(options: {
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

afterEach(() => vi.unstubAllGlobals());

function server() {
  return installFakeApi(
    on('GET', '/api/push/public-key', () => ({ body: { publicKey: SERVER_KEY } })),
    on('POST', '/api/push/subscriptions', () => ({
      status: 201,
      body: { endpoint: ENDPOINT, createdAt: '2026-11-27T06:00:00.000Z' },
    })),
    on('DELETE', '/api/push/subscriptions', () => ({ status: 204 })),
  );
}

describe('RemindersCard', () => {
  it('asks for permission only when switched on, subscribes with the server key and hands the subscription over', async () => {
    const api = server();
    const browser = fakeBrowser({});
    const { user } = renderWithProviders(<RemindersCard />);
    const toggle = await screen.findByRole('switch', { name: 'Reminders on this device' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Send a test notification' })).not.toBeInTheDocument();

    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const key = browser.subscribe.mock.calls[0]?.[0];
    expect(key?.applicationServerKey).toEqual(
      new Uint8Array([4, ...Array.from({ length: 64 }, (_, i) => i)]),
    );
    expect(api.writes()).toEqual([
      { method: 'POST', path: '/api/push/subscriptions', body: SUBSCRIPTION_JSON },
    ]);
    expect(await screen.findByText('Reminders on')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send a test notification' }));
    await waitFor(() => expect(browser.showNotification).toHaveBeenCalledTimes(1));
    expect(browser.showNotification).toHaveBeenCalledWith(
      'Stride reminders are on',
      expect.objectContaining({ tag: 'stride-test' }),
    );
    expect(await screen.findByText('Test notification sent')).toBeInTheDocument();
  });

  it('says so plainly when the browser refuses, and keeps reminders off', async () => {
    const api = server();
    fakeBrowser({ answer: 'denied' });
    const { user } = renderWithProviders(<RemindersCard />);
    const toggle = await screen.findByRole('switch', { name: 'Reminders on this device' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    expect(await screen.findByText(DENIED_WORDS)).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeDisabled();
    expect(api.writes()).toEqual([]);
  });

  it('switched off, tells the server first, then drops the browser subscription', async () => {
    const api = server();
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    const { user } = renderWithProviders(<RemindersCard />);
    const toggle = await screen.findByRole('switch', { name: 'Reminders on this device' });
    await waitFor(() => expect(toggle).toBeChecked());
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(api.writes()).toEqual([
      { method: 'DELETE', path: '/api/push/subscriptions', body: { endpoint: ENDPOINT } },
    ]);
    expect(browser.subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Reminders off')).toBeInTheDocument();
  });

  it("shows the server's refusal and takes the browser's subscription back", async () => {
    installFakeApi(
      on('GET', '/api/push/public-key', () => ({ body: { publicKey: SERVER_KEY } })),
      on('POST', '/api/push/subscriptions', () => ({
        status: 409,
        body: { message: 'You have reached the limit of 10 devices with reminders.' },
      })),
    );
    const browser = fakeBrowser({});
    const { user } = renderWithProviders(<RemindersCard />);
    const toggle = await screen.findByRole('switch', { name: 'Reminders on this device' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not switch reminders on')).toBeInTheDocument();
    expect(
      within(alert).getByText('You have reached the limit of 10 devices with reminders.'),
    ).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(browser.subscription.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('without a PushManager the switch is off and says the browser cannot', async () => {
    server();
    fakeBrowser({ pushManager: false });
    renderWithProviders(<RemindersCard />);
    const toggle = screen.getByRole('switch', { name: 'Reminders on this device' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(
      'This browser can’t show notifications from a website, so it can’t get reminders.',
    );
  });

  it('on an iPhone in Safari it points to the installed app', async () => {
    server();
    fakeBrowser({ pushManager: false, userAgent: IPHONE });
    renderWithProviders(<RemindersCard />);
    expect(screen.getByRole('switch', { name: 'Reminders on this device' })).toHaveAccessibleDescription(
      /reminders come only to the installed app/,
    );
  });
});
