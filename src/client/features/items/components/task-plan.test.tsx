import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PersonsDayContext } from '../../../lib/persons-day';
import { installFakeApi, on } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { makeHabit, makeTask } from '../testing/factories';
import { HabitCard } from './habit-card';
import { TaskCard } from './task-card';

// The person's day is Thursday 26 November 2026, whatever the machine's clock says.
const TODAY = '2026-11-26';

function patchEchoes() {
  return installFakeApi(
    on('PATCH', /^\/api\/tasks\//, (request) => ({ body: makeTask(request.body as object) })),
    on('PATCH', /^\/api\/habits\//, (request) => ({ body: makeHabit(request.body as object) })),
    on('GET', /^\/api\//, () => ({ body: [] })),
  );
}

function renderCard(task: ReturnType<typeof makeTask>) {
  return renderWithProviders(
    <PersonsDayContext value={TODAY}>
      <TaskCard task={task} goal={null} />
    </PersonsDayContext>,
  );
}

/** Opens a card's "Plan for…" dialog from its actions menu. */
async function openPlanDialog(user: ReturnType<typeof renderCard>['user'], title: string) {
  await user.click(screen.getByRole('button', { name: `More actions for ${title}` }));
  await user.click(await screen.findByRole('menuitem', { name: 'Plan for…' }));
  return screen.findByRole('dialog', { name: 'Plan for' });
}

describe('a task card shows its day (docs/product.md#days-in-words)', () => {
  it.each([
    ['2026-11-27', 'Tomorrow', 'Tomorrow'],
    ['2026-11-28', 'Sat 28', 'Saturday 28 November'],
    ['2026-12-24', '24 Dec', 'Thursday 24 December'],
    ['2026-11-23', 'Overdue · Mon 23', 'Overdue since Monday 23 November'],
  ])('planned for %s: "%s", and "%s" in its accessible name', (plannedFor, label, spoken) => {
    patchEchoes();
    renderCard(makeTask({ title: 'Call mum', plannedFor }));
    const card = screen.getByRole('article', { name: `Call mum, ${spoken}` });
    expect(within(card).getByText(label)).toBeInTheDocument();
  });

  it('shows a repeat with its icon and its rule in words, whole in the accessible name', () => {
    patchEchoes();
    renderCard(makeTask({ title: 'Gym', plannedFor: '2026-11-30', repeat: 'FREQ=WEEKLY;BYDAY=MO,WE,FR' }));
    const card = screen.getByRole('article', {
      name: 'Gym, Monday 30 November, Every Monday, Wednesday and Friday',
    });
    expect(within(card).getByText('Every Mon, Wed, Fri')).toBeInTheDocument();
  });

  it('marks an overdue day, and shows nothing for an unplanned task', () => {
    patchEchoes();
    renderCard(makeTask({ title: 'Taxes', plannedFor: '2026-11-10' }));
    expect(screen.getByText('Overdue · 10 Nov').closest('[data-overdue]')).not.toBeNull();
    renderCard(makeTask({ title: 'Someday' }));
    expect(screen.getByRole('article', { name: 'Someday' })).toBeInTheDocument();
  });

  it('a completed task planned for a day gone by is overdue no more: the date, plain', () => {
    patchEchoes();
    renderCard(makeTask({ title: 'Taxes', plannedFor: '2026-11-23', completed: true }));
    const card = screen.getByRole('article', { name: 'Taxes, Monday 23 November' });
    const label = within(card).getByText('Mon 23');
    expect(label.closest('[data-overdue]')).toBeNull();
    expect(label).toHaveClass('text-muted-foreground');
  });

  it('"Plan for…" plans the task for tomorrow at one press, with a toast that offers Undo', async () => {
    const api = patchEchoes();
    const task = makeTask({ title: 'Call mum' });
    const { user } = renderCard(task);
    const dialog = await openPlanDialog(user, 'Call mum');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent)
        .slice(0, 6),
    ).toEqual(['Today', 'Tomorrow (Fri 27)', 'Next week (Mon 30)', 'No date', 'Cancel', 'Plan']);
    expect(within(dialog).getByRole('button', { name: 'No date' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Tomorrow (Fri 27)' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toEqual({
      method: 'PATCH',
      path: `/api/tasks/${task.id}`,
      body: { plannedFor: '2026-11-27' },
    });
    expect(await screen.findByText('“Call mum” is planned for tomorrow.')).toBeInTheDocument();
  });

  it('picks a date with a labelled date field; "No date" unplans', async () => {
    const api = patchEchoes();
    const task = makeTask({ title: 'Taxes', plannedFor: '2026-11-30' });
    const { user } = renderCard(task);
    let dialog = await openPlanDialog(user, 'Taxes');
    expect(dialog).toHaveTextContent('“Taxes”, now Mon 30.');
    const date = within(dialog).getByLabelText('Or pick a date');
    expect(date).toHaveAttribute('type', 'date');
    expect(date).toHaveValue('2026-11-30');
    await user.clear(date);
    await user.type(date, '2027-01-15');
    await user.click(within(dialog).getByRole('button', { name: 'Plan' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({ plannedFor: '2027-01-15' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openPlanDialog(user, 'Taxes');
    await user.click(within(dialog).getByRole('button', { name: 'No date' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[1]?.body).toEqual({ plannedFor: null });
  });

  it('a habit card shows its schedule in words, whole in its accessible name', () => {
    patchEchoes();
    renderWithProviders(
      <HabitCard habit={makeHabit({ title: 'Gym', repeat: 'FREQ=WEEKLY;BYDAY=MO,WE,FR' })} />,
    );
    expect(
      screen.getByRole('article', { name: 'Gym, Every Monday, Wednesday and Friday' }),
    ).toHaveTextContent('Every Mon, Wed, Fri');
    renderWithProviders(<HabitCard habit={makeHabit({ title: 'Swim', timesPerWeek: 3 })} />);
    expect(screen.getByRole('article', { name: 'Swim, 3 times a week' })).toBeInTheDocument();
  });
});
