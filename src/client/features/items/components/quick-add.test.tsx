import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PersonsDayContext } from '../../../lib/persons-day';
import { installFakeApi, on } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { makeGoal, makeTask } from '../testing/factories';
import { QuickAdd } from './quick-add';

// The person's day is Thursday 26 November 2026, whatever the machine's clock says.
const TODAY = '2026-11-26';
const family = makeGoal({ title: 'Family' });

function fakeServer() {
  return installFakeApi(
    on('GET', '/api/goals?showArchived=false', () => ({ body: [family] })),
    on('POST', '/api/tasks', (request) => ({ status: 201, body: makeTask(request.body as object) })),
    on('GET', /^\/api\//, () => ({ body: [] })),
  );
}

function renderQuickAdd(props: Partial<Parameters<typeof QuickAdd>[0]> = {}) {
  return renderWithProviders(
    <PersonsDayContext value={TODAY}>
      <QuickAdd label="New task on Today" isToday {...props} />
    </PersonsDayContext>,
  );
}

describe('quick add understands words (docs/product.md#words-in-quick-add)', () => {
  it('shows what it read as chips before Enter, and sends the title without those words', async () => {
    const api = fakeServer();
    const { user } = renderQuickAdd();
    const field = screen.getByRole('textbox', { name: 'New task on Today' });
    await user.type(field, 'Call mum tomorrow #family');
    const chips = await screen.findByRole('list', { name: 'Read from your words' });
    await waitFor(() =>
      expect(
        within(chips)
          .getAllByRole('listitem')
          .map((chip) => chip.textContent),
      ).toEqual(['Day: Tomorrow', 'Goal: Family']),
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({
      id: expect.any(String),
      title: 'Call mum',
      goalId: family.id,
      isToday: true,
      plannedFor: '2026-11-27',
    });
    expect(field).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Read from your words' })).not.toBeInTheDocument();
  });

  it('reads a repeat: "Gym every monday" is "Gym" repeating on Mondays, planned for the next one', async () => {
    const api = fakeServer();
    const { user } = renderQuickAdd();
    await user.type(screen.getByRole('textbox', { name: 'New task on Today' }), 'Gym every monday');
    const chips = await screen.findByRole('list', { name: 'Read from your words' });
    await waitFor(() => expect(chips).toHaveTextContent('Repeat: Every Monday'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toMatchObject({
      title: 'Gym',
      plannedFor: '2026-11-30',
      repeat: 'FREQ=WEEKLY;BYDAY=MO',
    });
  });

  it('reads a time as the reminder: "Call mum at 5pm" is reminded at 17:00 today', async () => {
    const api = fakeServer();
    const { user } = renderQuickAdd();
    await user.type(screen.getByRole('textbox', { name: 'New task on Today' }), 'Call mum at 5pm');
    const chips = await screen.findByRole('list', { name: 'Read from your words' });
    await waitFor(() => expect(chips).toHaveTextContent('Reminder: Today, 17:00'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({
      id: expect.any(String),
      title: 'Call mum',
      goalId: null,
      isToday: true,
      plannedFor: TODAY,
      remindAt: '17:00',
    });
  });

  it('reads a priority: "File taxes p1" is sent with high priority', async () => {
    const api = fakeServer();
    const { user } = renderQuickAdd();
    await user.type(screen.getByRole('textbox', { name: 'New task on Today' }), 'File taxes p1');
    const chips = await screen.findByRole('list', { name: 'Read from your words' });
    await waitFor(() => expect(chips).toHaveTextContent('Priority: High priority'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({
      id: expect.any(String),
      title: 'File taxes',
      goalId: null,
      isToday: true,
      priority: 3,
    });
  });

  it('reads every label: "Buy milk @errands @Shop" is sent with both, and a removed one stays in the title', async () => {
    const api = fakeServer();
    const { user } = renderQuickAdd();
    await user.type(
      screen.getByRole('textbox', { name: 'New task on Today' }),
      'Buy milk @errands @Shop @home',
    );
    const chips = await screen.findByRole('list', { name: 'Read from your words' });
    await waitFor(() =>
      expect(
        within(chips)
          .getAllByRole('listitem')
          .map((chip) => chip.textContent),
      ).toEqual(['Label: @errands', 'Label: @Shop', 'Label: @home']),
    );
    await user.click(screen.getByRole('button', { name: 'Keep “@home” in the title' }));
    await user.click(screen.getByRole('textbox', { name: 'New task on Today' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({
      id: expect.any(String),
      title: 'Buy milk @home',
      goalId: null,
      isToday: true,
      labels: ['errands', 'Shop'],
    });
  });

  it('removing a chip keeps its words in the title', async () => {
    const api = fakeServer();
    const { user } = renderQuickAdd();
    await user.type(screen.getByRole('textbox', { name: 'New task on Today' }), 'Read Tomorrow Never Dies');
    await user.click(await screen.findByRole('button', { name: 'Keep “Tomorrow” in the title' }));
    expect(screen.queryByRole('list', { name: 'Read from your words' })).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({
      id: expect.any(String),
      title: 'Read Tomorrow Never Dies',
      goalId: null,
      isToday: true,
    });
  });

  it('a line of only a day word is refused as an empty title, with nothing sent', async () => {
    const api = fakeServer();
    const { user } = renderQuickAdd();
    await user.type(screen.getByRole('textbox', { name: 'New task on Today' }), 'tomorrow{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Title is required');
    expect(api.writes()).toEqual([]);
  });

  it("a goal's own field reads no goal and asks for none", async () => {
    const api = fakeServer();
    const goal = makeGoal({ title: 'Work' });
    const { user } = renderQuickAdd({ label: 'New task in Work', goalId: goal.id, isToday: false });
    await user.type(
      screen.getByRole('textbox', { name: 'New task in Work' }),
      'Ship #family in 3 days{Enter}',
    );
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toMatchObject({
      title: 'Ship #family',
      goalId: goal.id,
      plannedFor: '2026-11-29',
    });
    expect(api.paths()).not.toContain('/api/goals?showArchived=false');
  });
});
