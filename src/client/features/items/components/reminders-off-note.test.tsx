import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DENIED_WORDS } from '../../../lib/reminders-on-device';
import { fakePushBrowser, fakePushServer, SUBSCRIPTION_JSON } from '../../../testing/fake-push-browser';
import { renderWithProviders } from '../../../testing/render';
import { REMINDERS_OFF_WORDS, RemindersOffNote } from './reminders-off-note';

// docs/product.md#reminders: a reminder being set says when this device would not show it.

describe('RemindersOffNote', () => {
  it('says reminders are off here, and its button switches them on as the settings do', async () => {
    const api = fakePushServer();
    const browser = fakePushBrowser({});
    const { user } = renderWithProviders(<RemindersOffNote />);
    expect(await screen.findByText(REMINDERS_OFF_WORDS)).toBeInTheDocument();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Switch reminders on' }));
    await waitFor(() => expect(screen.queryByText(REMINDERS_OFF_WORDS)).not.toBeInTheDocument());
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(api.writes()).toEqual([
      { method: 'POST', path: '/api/push/subscriptions', body: SUBSCRIPTION_JSON },
    ]);
    expect(await screen.findByText('Reminders on')).toBeInTheDocument();
  });

  it('shows nothing where reminders are on', async () => {
    fakePushServer();
    fakePushBrowser({ permission: 'granted', subscribed: true });
    renderWithProviders(<RemindersOffNote />);
    // The look-up answers on a later turn: let it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByText(REMINDERS_OFF_WORDS)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Switch reminders on' })).not.toBeInTheDocument();
  });

  it("says the browser's refusal, and why a browser cannot", async () => {
    fakePushServer();
    fakePushBrowser({ answer: 'denied' });
    const { user, unmount } = renderWithProviders(<RemindersOffNote />);
    await user.click(await screen.findByRole('button', { name: 'Switch reminders on' }));
    expect(await screen.findByText(DENIED_WORDS)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Switch reminders on' })).not.toBeInTheDocument();
    unmount();

    fakePushBrowser({ pushManager: false });
    renderWithProviders(<RemindersOffNote />);
    expect(
      screen.getByText('This browser can’t show notifications from a website, so it can’t get reminders.'),
    ).toBeInTheDocument();
  });
});
