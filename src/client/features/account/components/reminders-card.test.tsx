import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DENIED_WORDS } from '../../../lib/reminders-on-device';
import { installFakeApi, on } from '../../../testing/fake-api';
import {
  ENDPOINT,
  fakePushBrowser,
  fakePushServer,
  IPHONE,
  SERVER_KEY,
  SUBSCRIPTION_JSON,
} from '../../../testing/fake-push-browser';
import { renderWithProviders } from '../../../testing/render';
import { RemindersCard } from './reminders-card';

// docs/product.md#account-settings: "Reminders on this device".

describe('RemindersCard', () => {
  it('asks for permission only when switched on, subscribes with the server key and hands the subscription over', async () => {
    const api = fakePushServer();
    const browser = fakePushBrowser({});
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
    const api = fakePushServer();
    fakePushBrowser({ answer: 'denied' });
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
    const api = fakePushServer();
    const browser = fakePushBrowser({ permission: 'granted', subscribed: true });
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
    const browser = fakePushBrowser({});
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
    fakePushServer();
    fakePushBrowser({ pushManager: false });
    renderWithProviders(<RemindersCard />);
    const toggle = screen.getByRole('switch', { name: 'Reminders on this device' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(
      'This browser can’t show notifications from a website, so it can’t get reminders.',
    );
  });

  it('on an iPhone in Safari it points to the installed app', async () => {
    fakePushServer();
    fakePushBrowser({ pushManager: false, userAgent: IPHONE });
    renderWithProviders(<RemindersCard />);
    expect(screen.getByRole('switch', { name: 'Reminders on this device' })).toHaveAccessibleDescription(
      /reminders come only to the installed app/,
    );
  });
});
