import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PersonsDayContext } from '../../../lib/persons-day';
import { installFakeApi, on } from '../../../testing/fake-api';
import { fakePushBrowser } from '../../../testing/fake-push-browser';
import { pressableToastButton, renderWithProviders } from '../../../testing/render';
import { makeHabit, makeTask } from '../testing/factories';
import { HabitCard } from './habit-card';
import { TaskCard } from './task-card';

// docs/product.md#cards: a reminder shows as a bell and its time, and the card's menu sets it.
const TODAY = '2026-11-26';

function patchEchoes() {
  return installFakeApi(
    on('PATCH', /^\/api\/tasks\//, (request) => ({ body: makeTask(request.body as object) })),
    on('PATCH', /^\/api\/habits\//, (request) => ({ body: makeHabit(request.body as object) })),
    on('GET', /^\/api\//, () => ({ body: [] })),
  );
}

function renderTask(task: ReturnType<typeof makeTask>) {
  return renderWithProviders(
    <PersonsDayContext value={TODAY}>
      <TaskCard task={task} goal={null} />
    </PersonsDayContext>,
  );
}

async function openReminderDialog(user: ReturnType<typeof renderTask>['user'], title: string) {
  await user.click(screen.getByRole('button', { name: `More actions for ${title}` }));
  await user.click(await screen.findByRole('menuitem', { name: 'Remind me…' }));
  return screen.findByRole('dialog', { name: 'Remind me' });
}

describe("a card's reminder (docs/product.md#cards)", () => {
  it('shows the bell and the time, and says "Reminder at 7:30" after the day in its name', () => {
    patchEchoes();
    renderTask(makeTask({ title: 'Call mum', plannedFor: '2026-11-27', remindAt: '07:30' }));
    const card = screen.getByRole('article', { name: 'Call mum, Tomorrow, Reminder at 7:30' });
    expect(within(card).getByText('7:30')).toBeInTheDocument();
    expect(card.querySelector('.mask-icon-bell')).not.toBeNull();
  });

  it('shows nothing of a reminder without one', () => {
    patchEchoes();
    renderTask(makeTask({ title: 'Someday' }));
    const card = screen.getByRole('article', { name: 'Someday' });
    expect(card.querySelector('.mask-icon-bell')).toBeNull();
  });

  it('"Remind me…" sets a time with the labelled time field, with a toast that offers Undo', async () => {
    const api = patchEchoes();
    const task = makeTask({ title: 'Call mum', plannedFor: TODAY });
    const { user } = renderTask(task);
    const dialog = await openReminderDialog(user, 'Call mum');
    expect(dialog).toHaveTextContent('“Call mum”, no reminder now.');
    expect(within(dialog).getByRole('button', { name: 'No reminder' })).toBeDisabled();
    const time = within(dialog).getByLabelText('Time');
    expect(time).toHaveAttribute('type', 'time');
    await user.type(time, '07:30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toEqual({
      method: 'PATCH',
      path: `/api/tasks/${task.id}`,
      body: { remindAt: '07:30' },
    });
    expect(await screen.findByText('“Call mum” reminds you at 7:30.')).toBeInTheDocument();
    await user.click(await pressableToastButton('Undo'));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[1]?.body).toEqual({ remindAt: null });
  });

  // docs/product.md#reminders, "Where it is set, whether this device shows it".
  it('says, once a time is chosen, that this device has reminders off, with the switch', async () => {
    patchEchoes();
    fakePushBrowser({});
    const { user } = renderTask(makeTask({ title: 'Call mum', plannedFor: TODAY }));
    const dialog = await openReminderDialog(user, 'Call mum');
    expect(within(dialog).queryByText('Reminders are off on this device.')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Time'), '07:30');
    expect(await within(dialog).findByText('Reminders are off on this device.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Switch reminders on' })).toBeInTheDocument();
  });

  it('asks for a time rather than saving an empty one', async () => {
    const api = patchEchoes();
    const { user } = renderTask(makeTask({ title: 'Call mum', plannedFor: TODAY }));
    const dialog = await openReminderDialog(user, 'Call mum');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Pick a time, or choose No reminder');
    expect(api.writes()).toEqual([]);
  });

  it('"No reminder" clears a habit\'s reminder at one press', async () => {
    const api = patchEchoes();
    const habit = makeHabit({ title: 'Stretch', remindAt: '21:15' });
    const { user } = renderWithProviders(<HabitCard habit={habit} />);
    expect(screen.getByRole('article', { name: 'Stretch, Reminder at 21:15' })).toHaveTextContent('21:15');
    await user.click(screen.getByRole('button', { name: 'More actions for Stretch' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remind me…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remind me' });
    expect(dialog).toHaveTextContent('“Stretch”, now at 21:15.');
    expect(within(dialog).getByLabelText('Time')).toHaveValue('21:15');
    await user.click(within(dialog).getByRole('button', { name: 'No reminder' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toEqual({
      method: 'PATCH',
      path: `/api/habits/${habit.id}`,
      body: { remindAt: null },
    });
    expect(await screen.findByText('“Stretch” has no reminder now.')).toBeInTheDocument();
  });
});
