import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, on } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { CalendarFeedCard } from './calendar-feed-card';

// docs/product.md#calendar-feed: the address in Settings.

const FIRST = `http://localhost/api/calendar/${'a'.repeat(43)}.ics`;
const SECOND = `http://localhost/api/calendar/${'b'.repeat(43)}.ics`;

describe('CalendarFeedCard', () => {
  it('shows a new address with Copy; a newer one replaces it; Stop the feed ends it', async () => {
    const urls = [FIRST, SECOND];
    const api = installFakeApi(
      on('POST', '/api/calendar/feed', () => ({ status: 201, body: { url: urls.shift() } })),
      on('DELETE', '/api/calendar/feed', () => ({ status: 204 })),
    );
    // user-event's own clipboard stands in for the browser's.
    const { user } = renderWithProviders(<CalendarFeedCard />);
    expect(screen.queryByLabelText('Your calendar address')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Make a new address' }));
    const address = await screen.findByLabelText('Your calendar address');
    expect(address).toHaveValue(FIRST);
    expect(address).toHaveAttribute('readonly');
    expect(address).toHaveAccessibleDescription(/Stride shows this address only now/);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Address copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(FIRST);

    await user.click(screen.getByRole('button', { name: 'Make a new address' }));
    await waitFor(() => expect(screen.getByLabelText('Your calendar address')).toHaveValue(SECOND));

    await user.click(screen.getByRole('button', { name: 'Stop the feed' }));
    await waitFor(() => expect(screen.queryByLabelText('Your calendar address')).not.toBeInTheDocument());
    expect(api.writes().map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/calendar/feed',
      'POST /api/calendar/feed',
      'DELETE /api/calendar/feed',
    ]);
  });

  it('says when the address could not be made', async () => {
    installFakeApi(
      on('POST', '/api/calendar/feed', () => ({ status: 429, body: { message: 'Too many requests' } })),
    );
    const { user } = renderWithProviders(<CalendarFeedCard />);
    await user.click(screen.getByRole('button', { name: 'Make a new address' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not make an address');
    expect(alert).toHaveTextContent('Too many requests');
  });
});
