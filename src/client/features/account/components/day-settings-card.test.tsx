import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '../../../../shared/api/auth';
import { Providers } from '../../../app/providers';
import { resetToasts } from '../../../components/ui/toast';
import { createQueryClient } from '../../../lib/query-client';
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
  let sent: Array<{ method: string; body: unknown }>;
  beforeEach(() => {
    sent = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        const body = init?.body ? JSON.parse(String(init.body)) : undefined;
        sent.push({ method: init?.method ?? 'GET', body });
        return new Response(JSON.stringify({ ...ada, ...body }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    vi.spyOn(console, 'error').mockImplementation((...args) => {
      throw new Error(`console.error: ${args.join(' ')}`);
    });
  });
  afterEach(() => {
    cleanup();
    resetToasts();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  function renderCard(user: AuthUser) {
    const client = createQueryClient();
    render(
      <Providers client={client}>
        <DaySettingsCard user={user} />
      </Providers>,
    );
  }

  it('shows the zone in use and saves a new "day starts at" hour at once', async () => {
    renderCard(ada);
    expect(screen.getByText(/Stride is using Europe\/London, this device’s time zone/)).toBeInTheDocument();
    expect(screen.getByLabelText('Day starts at')).toHaveValue('0');
    await userEvent.selectOptions(screen.getByLabelText('Day starts at'), '4:00');
    await waitFor(() => expect(sent).toContainEqual({ method: 'PATCH', body: { dayStartHour: 4 } }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
  });

  it('pins a chosen zone, and lets the device decide again', async () => {
    renderCard({ ...ada, timeZone: 'Asia/Tokyo', timeZoneFromDevice: false });
    const zone = screen.getByLabelText('Time zone');
    expect(zone).toHaveValue('Asia/Tokyo');
    await userEvent.selectOptions(zone, 'America/New York');
    await waitFor(() =>
      expect(sent).toContainEqual({ method: 'PATCH', body: { timeZone: 'America/New_York' } }),
    );
    await userEvent.selectOptions(zone, '');
    await waitFor(() => expect(sent).toContainEqual({ method: 'PATCH', body: { timeZoneFromDevice: true } }));
  });
});
