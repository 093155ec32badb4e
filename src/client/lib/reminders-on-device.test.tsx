import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakePushBrowser, fakePushServer } from '../testing/fake-push-browser';
import { renderWithProviders } from '../testing/render';
import { useRemindersOnDevice } from './reminders-on-device';

// docs/decisions/044-reminders-off-said-where-set.md: one answer for every place that shows it.

function Reader({ name }: { name: string }) {
  const { on, change } = useRemindersOnDevice();
  return (
    <button type="button" onClick={() => void change(!on)}>
      {`${name}: ${on === undefined ? 'looking' : on ? 'on' : 'off'}`}
    </button>
  );
}

describe('useRemindersOnDevice', () => {
  it('a switch made in one place shows in every other at once', async () => {
    fakePushServer();
    fakePushBrowser({});
    const { user } = renderWithProviders(
      <>
        <Reader name="settings" />
        <Reader name="dialog" />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'settings: off' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'dialog: on' })).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'dialog: on' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'settings: off' })).toBeInTheDocument());
  });

  it('reads the browser afresh when something shows it again', async () => {
    fakePushServer();
    fakePushBrowser({});
    const first = renderWithProviders(<Reader name="first" />);
    expect(await screen.findByRole('button', { name: 'first: off' })).toBeInTheDocument();
    first.unmount();
    // Switched on meanwhile (another tab): the next reader finds it.
    fakePushBrowser({ permission: 'granted', subscribed: true });
    renderWithProviders(<Reader name="second" />);
    expect(await screen.findByRole('button', { name: 'second: on' })).toBeInTheDocument();
  });
});
