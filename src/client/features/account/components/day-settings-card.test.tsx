import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AuthUser } from '#shared/api/auth';
import { type FakeApi, installFakeApi, on } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { DaySettingsCard } from './day-settings-card';

const ada: AuthUser = {
  id: '7d4f1c0e-5b8a-4c1e-9f3a-2b6d8e0a1c45',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  firstName: 'Ada',
  picture: null,
  timeZone: 'Europe/London',
  timeZoneFromDevice: true,
  dayStartHour: 0,
};

describe('DaySettingsCard', () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi(
      on('PATCH', '/api/auth/user', (request) => ({ body: { ...ada, ...(request.body as object) } })),
    );
  });
  const sent = () => api.writes().map((request) => ({ method: request.method, body: request.body }));
  const renderCard = (user: AuthUser) => renderWithProviders(<DaySettingsCard user={user} />);

  it('shows the zone in use and saves a new "day starts at" hour at once', async () => {
    const { user } = renderCard(ada);
    expect(screen.getByText(/Stride is using Europe\/London, this device’s time zone/)).toBeInTheDocument();
    expect(screen.getByLabelText('Day starts at')).toHaveValue('0');
    await user.selectOptions(screen.getByLabelText('Day starts at'), '4:00');
    await waitFor(() => expect(sent()).toContainEqual({ method: 'PATCH', body: { dayStartHour: 4 } }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
  });

  it('pins a chosen zone, and lets the device decide again', async () => {
    const { user } = renderCard({ ...ada, timeZone: 'Asia/Tokyo', timeZoneFromDevice: false });
    const zone = screen.getByLabelText('Time zone');
    expect(zone).toHaveValue('Asia/Tokyo');
    await user.selectOptions(zone, 'America/New York');
    await waitFor(() =>
      expect(sent()).toContainEqual({ method: 'PATCH', body: { timeZone: 'America/New_York' } }),
    );
    await user.selectOptions(zone, '');
    await waitFor(() =>
      expect(sent()).toContainEqual({ method: 'PATCH', body: { timeZoneFromDevice: true } }),
    );
  });
});
