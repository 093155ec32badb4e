import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ItemHistory } from '#shared/api/history';
import { type FakeApi, installFakeApi, on } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { makeHabit } from '../testing/factories';
import { HistoryDialog } from './history-dialog';

const HABIT_ID = '3f1e2d4c-5b6a-4789-9abc-def012345678';

/** Tuesday 3 March 2026 is today; the habit was made on Sunday 1 March; a year back can be changed. */
const history: ItemHistory = {
  today: '2026-03-03',
  editableFrom: '2025-03-03',
  from: '2025-02-26',
  to: '2026-03-03',
  days: ['2026-03-01', '2026-03-02'],
  offDays: [],
  streakUnit: 'day',
  currentStreak: 2,
  bestStreak: 2,
  last7: 2,
  last30: 2,
  last365: 2,
};

describe('HistoryDialog', () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi(
      on('GET', `/api/habits/${HABIT_ID}/history`, () => ({ body: history })),
      // The answer's item is not used by the dialog (everything is refetched), only its status.
      on('PUT', /\/completions\//, () => ({ body: makeHabit({ id: HABIT_ID, title: 'Stretch' }) })),
      on('DELETE', /\/completions\//, () => ({ body: makeHabit({ id: HABIT_ID, title: 'Stretch' }) })),
    );
  });
  const calls = () => api.requests.map((request) => ({ method: request.method, url: request.path }));

  function open() {
    return renderWithProviders(
      <HistoryDialog
        open
        onOpenChange={() => {}}
        kind="habit"
        id={HABIT_ID}
        title="Stretch"
        color="purple"
      />,
    );
  }

  it('shows the streaks and counts, and names every day for screen readers', async () => {
    open();
    expect(await screen.findByRole('dialog', { name: 'History of Stretch' })).toBeInTheDocument();
    expect(calls()[0]).toEqual({ method: 'GET', url: `/api/habits/${HABIT_ID}/history` });
    expect(await screen.findByText('Current streak')).toBeInTheDocument();
    expect(screen.getAllByText('2 days')).toHaveLength(2);
    expect(
      screen.getByRole('button', { name: 'Tuesday 3 March 2026 (today), not done' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Monday 2 March 2026, done' })).toBeInTheDocument();
    // Before the habit was made, still within the year: it can be given its past.
    expect(screen.getByRole('button', { name: 'Saturday 28 February 2026, not done' })).not.toHaveAttribute(
      'aria-disabled',
    );
    const tooOld = screen.getByRole('button', { name: 'Sunday 2 March 2025, not done, cannot be changed' });
    expect(tooOld).toHaveAttribute('aria-disabled', 'true');
    expect(
      screen.getByText(
        'Days from Monday 3 March 2025 to today can be changed, also those before you added it.',
      ),
    ).toBeInTheDocument();
  });

  it('marks a day with PUT and unmarks one with DELETE; a day outside the range sends nothing', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Tuesday 3 March 2026 (today), not done' }));
    await waitFor(() =>
      expect(calls()).toContainEqual({
        method: 'PUT',
        url: `/api/habits/${HABIT_ID}/completions/2026-03-03`,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Monday 2 March 2026, done' }));
    await waitFor(() =>
      expect(calls()).toContainEqual({
        method: 'DELETE',
        url: `/api/habits/${HABIT_ID}/completions/2026-03-02`,
      }),
    );
    const writes = () => api.writes().length;
    const before = writes();
    await user.click(screen.getByRole('button', { name: /^Sunday 2 March 2025/ }));
    expect(writes()).toBe(before);
  });

  it('keeps one day in the tab order and moves by day and week with the arrow keys', async () => {
    const { user } = open();
    const today = await screen.findByRole('button', { name: /^Tuesday 3 March 2026/ });
    expect(today).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('button', { name: /^Monday 2 March 2026/ })).toHaveAttribute('tabindex', '-1');
    today.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('button', { name: /^Monday 2 March 2026/ })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('button', { name: /^Monday 23 February 2026/ })).toHaveFocus();
    // Past today there is no day to go to: focus stays.
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('button', { name: /^Monday 2 March 2026/ })).toHaveFocus();
  });
  it("says inside the sheet why a day could not be changed, in the server's words", async () => {
    api = installFakeApi(
      on('GET', `/api/habits/${HABIT_ID}/history`, () => ({ body: history })),
      on('PUT', /\/completions\//, () => ({
        status: 400,
        body: {
          message: 'day 2026-03-04 has not come yet: only days up to today (2026-03-03) can be changed',
        },
      })),
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Tuesday 3 March 2026 (today), not done' }));
    const dialog = screen.getByRole('dialog', { name: 'History of Stretch' });
    const alert = await screen.findByRole('alert');
    expect(dialog).toContainElement(alert);
    expect(alert).toHaveTextContent('Could not update habit');
    expect(alert).toHaveTextContent('day 2026-03-04 has not come yet');
  });
});
