import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Habit } from '#shared/api/habits';
import type { TodayTask } from '#shared/api/today';
import {
  goalSummary,
  taskOf,
  testUuid,
  todayHabit,
  todayTask,
} from '../../features/today/testing/today-factories';
import { PersonsDayContext } from '../../lib/persons-day';
import { installFakeApi, on } from '../../testing/fake-api';
import { pressableToastButton, renderWithProviders } from '../../testing/render';
import { TodayRoute } from './today';

// The person's day is Thursday 26 November 2026, whatever the machine's clock says.
const TODAY = '2026-11-26';

/**
 * The Today endpoints the screen calls, over an in-memory list that PATCHes change: on Today by hand,
 * or planned for today or a day gone by, as the server lists them (docs/product.md#today-membership).
 */
function fakeApi(initial: { tasks: TodayTask[]; habits: Habit[] }) {
  const state = { tasks: [...initial.tasks], habits: [...initial.habits] };
  let todayGate: Promise<void> = Promise.resolve();
  let writeGate: Promise<void> = Promise.resolve();
  let failToday = false;
  const refused = new Set<string>();
  const api = installFakeApi(
    on('GET', '/api/today', async () => {
      await todayGate;
      if (failToday) return { status: 500, body: { message: 'database unavailable' } };
      return {
        body: {
          tasks: state.tasks.filter(
            (task) => task.isToday || (task.plannedFor !== null && task.plannedFor <= TODAY),
          ),
          habits: state.habits.filter((habit) => habit.isToday),
        },
      };
    }),
    // One checklist item ticked, the others as they are (docs/product.md#checklists).
    on('PATCH', /^\/api\/tasks\/[^/]+\/checklist\//, async (request) => {
      await writeGate;
      const [, id, itemId] = /^\/api\/tasks\/([^/]+)\/checklist\/([^/]+)$/.exec(request.path) ?? [];
      if (refused.has(itemId ?? '')) return { status: 404, body: { message: 'Checklist item not found' } };
      const index = state.tasks.findIndex((task) => task.id === id);
      const task = state.tasks[index]!;
      const { done } = request.body as { done: boolean };
      const changed = {
        ...task,
        checklist: task.checklist.map((step) => (step.id === itemId ? { ...step, done } : step)),
      };
      state.tasks[index] = changed;
      return { body: taskOf(changed) };
    }),
    on('PATCH', /^\/api\/(tasks|habits)\//, async (request) => {
      await writeGate;
      const [, kind, id] = /^\/api\/(tasks|habits)\/(.+)$/.exec(request.path) ?? [];
      if (refused.has(id ?? '')) return { status: 404, body: { message: 'Task not found' } };
      const list: Array<TodayTask | Habit> = kind === 'tasks' ? state.tasks : state.habits;
      const index = list.findIndex((item) => item.id === id);
      const changed = { ...list[index]!, ...(request.body as object) };
      list[index] = changed;
      return { body: 'goal' in changed ? taskOf(changed) : changed };
    }),
    // Many tasks planned at once, all or none, as the server plans them.
    on('POST', '/api/tasks/plan', async (request) => {
      await writeGate;
      const { moves } = request.body as { moves: Array<{ id: string; plannedFor: string | null }> };
      if (moves.some((move) => refused.has(move.id)))
        return { status: 404, body: { message: 'Task not found' } };
      const planned = moves.map((move) => {
        const index = state.tasks.findIndex((task) => task.id === move.id);
        const changed = { ...state.tasks[index]!, plannedFor: move.plannedFor };
        state.tasks[index] = changed;
        return taskOf(changed);
      });
      return { body: planned };
    }),
  );
  return {
    ...api,
    /** The tasks as the fake server has them now. */
    tasks: () => state.tasks,
    holdToday: () => {
      let release: () => void = () => {};
      todayGate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return release;
    },
    /** PATCHes wait for the answer until the returned function is called. */
    holdWrites: () => {
      let release: () => void = () => {};
      writeGate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return release;
    },
    failToday: () => {
      failToday = true;
    },
    /** PATCHes of this item are answered 404, as for a task deleted on another device. */
    refuse: (id: string) => refused.add(id),
  };
}

function renderToday() {
  return renderWithProviders(
    <PersonsDayContext value={TODAY}>
      <TodayRoute />
    </PersonsDayContext>,
  );
}

const count = () => screen.getByTestId('today-count');
const chip = (label: string) =>
  within(screen.getByRole('group', { name: 'Show:' })).getByRole('button', { name: new RegExp(`^${label}`) });
const titles = () =>
  within(screen.getByRole('list', { name: 'Today items' }))
    .getAllByRole('article')
    .map((node) => node.getAttribute('aria-label'));

describe('Today route', () => {
  it('shows three skeleton rows while loading, and no count yet', async () => {
    const api = fakeApi({ tasks: [], habits: [] });
    const release = api.holdToday();
    renderToday();
    expect(await screen.findByRole('status', { name: "Loading today's items" })).toBeInTheDocument();
    expect(screen.getAllByTestId('today-skeleton-row')).toHaveLength(3);
    expect(count()).toHaveTextContent('');
    release();
    expect(await screen.findByText('No items for today')).toBeInTheDocument();
  });

  it('explains an empty day and links to All Items', async () => {
    fakeApi({ tasks: [], habits: [] });
    renderToday();
    expect(await screen.findByRole('heading', { name: 'No items for today' })).toBeInTheDocument();
    expect(screen.getByText('Add some tasks and habits to get started with your day!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all items' })).toHaveAttribute('href', '/all-items');
    expect(count()).toHaveTextContent('0 of 0 items');
    expect(screen.queryByRole('group', { name: 'Show:' })).not.toBeInTheDocument();
  });

  it('lists tasks and habits in one todaySortOrder order with the header actions', async () => {
    const book = goalSummary('Write a book', { color: 'rose' });
    fakeApi({
      tasks: [todayTask('Email Sam', 0), todayTask('Draft chapter', 2, { goal: book })],
      habits: [todayHabit('Stretch', 1)],
    });
    renderToday();
    await screen.findByRole('list', { name: 'Today items' });
    expect(titles()).toEqual(['Email Sam', 'Stretch', 'Draft chapter']);
    expect(count()).toHaveTextContent('3 of 3 items');
    for (const name of ['Execute Mode', 'Clear Today', 'Add new item']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    // A goal task names its goal on the card.
    expect(
      within(screen.getByRole('article', { name: 'Draft chapter' })).getByText('Write a book'),
    ).toBeVisible();
  });

  it('filters with click (toggle) and double-click (only this one)', async () => {
    const book = goalSummary('Write a book');
    fakeApi({
      tasks: [todayTask('Email Sam', 0), todayTask('Draft chapter', 2, { goal: book })],
      habits: [todayHabit('Stretch', 1)],
    });
    renderToday();
    await screen.findByRole('list', { name: 'Today items' });
    expect(chip('Habits')).toHaveTextContent('Habits1');
    expect(chip('Todos')).toHaveTextContent('Todos1');
    expect(chip('Write a book')).toHaveTextContent('Write a book1');

    fireEvent.click(chip('Habits'));
    expect(titles()).toEqual(['Email Sam', 'Draft chapter']);
    expect(count()).toHaveTextContent('2 of 3 items');

    fireEvent.click(chip('Habits'));
    expect(count()).toHaveTextContent('3 of 3 items');

    fireEvent.doubleClick(chip('Todos'));
    expect(titles()).toEqual(['Email Sam']);
    expect(count()).toHaveTextContent('1 of 3 items');

    fireEvent.click(chip('Todos'));
    expect(screen.getByRole('heading', { name: 'No matching items' })).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your filters to see more items.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all items' })).toBeInTheDocument();
    expect(count()).toHaveTextContent('0 of 3 items');
  });

  it('Clear Today sends one PATCH per item, toasts, and shows the empty day', async () => {
    const task = todayTask('Water plants', 0);
    const habit = todayHabit('Journal', 1);
    const api = fakeApi({ tasks: [task], habits: [habit] });
    renderToday();
    await screen.findByRole('list', { name: 'Today items' });

    fireEvent.click(screen.getByRole('button', { name: 'Clear Today' }));
    expect(await screen.findByText('Cleared Today')).toBeInTheDocument();
    expect(screen.getByText('All items removed from your today list.')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      { method: 'PATCH', path: `/api/tasks/${task.id}`, body: { isToday: false } },
      { method: 'PATCH', path: `/api/habits/${habit.id}`, body: { isToday: false } },
    ]);
    expect(await screen.findByText('No items for today')).toBeInTheDocument();
  });

  it('deletes from a card’s menu with Undo: the row leaves at once and Undo brings it back unsent', async () => {
    const api = fakeApi({ tasks: [todayTask('Water plants', 0)], habits: [todayHabit('Journal', 1)] });
    const { user } = renderToday();
    await user.click(await screen.findByRole('button', { name: 'More actions for Water plants' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete task' }));
    await waitFor(() => expect(titles()).toEqual(['Journal']));
    expect(count()).toHaveTextContent('1 of 1 item');
    expect(screen.getByText('"Water plants" has been deleted.')).toBeInTheDocument();
    await user.click(await pressableToastButton('Undo'));
    await waitFor(() => expect(titles()).toEqual(['Water plants', 'Journal']));
    expect(api.writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'More actions for Journal' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete habit' })).toBeInTheDocument();
  });

  it('Clear Today does nothing on an empty day', async () => {
    const api = fakeApi({ tasks: [], habits: [] });
    renderToday();
    await screen.findByText('No items for today');
    fireEvent.click(screen.getByRole('button', { name: 'Clear Today' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.writes()).toEqual([]);
    expect(screen.queryByText('Cleared Today')).not.toBeInTheDocument();
  });

  it('Execute Mode starts at the first uncompleted visible item and Exit comes back', async () => {
    fakeApi({
      tasks: [todayTask('Done already', 0, { completed: true }), todayTask('Email Sam', 2)],
      habits: [todayHabit('Stretch', 1)],
    });
    renderToday();
    await screen.findByRole('list', { name: 'Today items' });
    fireEvent.click(chip('Habits'));
    fireEvent.click(screen.getByRole('button', { name: 'Execute Mode' }));

    const view = screen.getByRole('region', { name: 'Execution Mode' });
    expect(within(view).getByRole('article', { name: 'Email Sam' })).toBeInTheDocument();
    expect(within(view).getByText('1 remaining')).toBeInTheDocument();
    fireEvent.click(within(view).getByRole('button', { name: 'Exit' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Today' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Execute Mode' })).toHaveFocus());
  });

  it("the list shows a description's first line; Execution Mode shows all of it, task or habit", async () => {
    fakeApi({
      tasks: [todayTask('Email Sam', 0, { description: 'The invoice\nCopy Ana' })],
      habits: [todayHabit('Stretch', 1, { description: 'Hamstrings\n\nThen the back' })],
    });
    renderToday();
    const list = await screen.findByRole('list', { name: 'Today items' });
    expect(within(list).getByText('The invoice')).toBeInTheDocument();
    expect(within(list).queryByText(/Copy Ana/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Execute Mode' }));

    const view = screen.getByRole('region', { name: 'Execution Mode' });
    const card = within(view).getByRole('article', { name: 'Email Sam' });
    expect(within(card).getByText(/The invoice/).textContent).toBe('The invoice\nCopy Ana');
    fireEvent.click(within(view).getByRole('button', { name: /Next/ }));
    const habit = within(view).getByRole('article', { name: 'Stretch' });
    expect(within(habit).getByText(/Hamstrings/).textContent).toBe('Hamstrings\n\nThen the back');
  });

  it("Execution Mode ticks the task's checklist under it, one item per PATCH, shown before the answer", async () => {
    const steps = [
      { id: testUuid(), title: 'Passport', done: false },
      { id: testUuid(), title: 'Charger', done: true },
      { id: testUuid(), title: 'Tickets', done: false },
    ];
    const api = fakeApi({
      tasks: [todayTask('Pack', 0, { description: 'The blue bag', checklist: steps })],
      habits: [todayHabit('Stretch', 1)],
    });
    const { user } = renderToday();
    const list = await screen.findByRole('list', { name: 'Today items' });
    // The list's card counts the items and has no boxes of its own for them.
    expect(
      within(list).getByRole('article', { name: 'Pack, 1 of 3 checklist items done' }),
    ).toBeInTheDocument();
    expect(within(list).queryByRole('checkbox', { name: 'Passport' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Execute Mode' }));

    const view = screen.getByRole('region', { name: 'Execution Mode' });
    const checklist = within(view).getByRole('region', { name: 'Checklist 1 of 3 done' });
    const ticked = (box: HTMLElement) => (box as HTMLInputElement).checked;
    expect(within(checklist).getAllByRole('checkbox').map(ticked)).toEqual([false, true, false]);
    // Tab from the card's last control reaches each item; Space ticks the one in focus.
    within(view).getByRole('button', { name: 'More actions for Pack' }).focus();
    await user.tab();
    expect(within(checklist).getByRole('checkbox', { name: 'Passport' })).toHaveFocus();
    const release = api.holdWrites();
    await user.keyboard(' ');
    expect(api.writes()).toEqual([
      {
        method: 'PATCH',
        path: `/api/tasks/${api.tasks()[0]!.id}/checklist/${steps[0]!.id}`,
        body: { done: true },
      },
    ]);
    // Shown at once, on the box, the heading and the card, before the server has answered.
    expect(within(checklist).getByRole('checkbox', { name: 'Passport' })).toBeChecked();
    await waitFor(() =>
      expect(within(view).getByRole('region', { name: 'Checklist 2 of 3 done' })).toBeInTheDocument(),
    );
    expect(
      within(view).getByRole('article', { name: 'Pack, 2 of 3 checklist items done' }),
    ).toBeInTheDocument();
    await user.tab();
    await user.tab();
    expect(within(checklist).getByRole('checkbox', { name: 'Tickets' })).toHaveFocus();
    await user.keyboard(' ');
    await user.click(within(checklist).getByRole('checkbox', { name: 'Charger' }));
    expect(api.writes().map((write) => [write.path.split('/').pop(), write.body])).toEqual([
      [steps[0]!.id, { done: true }],
      [steps[2]!.id, { done: true }],
      [steps[1]!.id, { done: false }],
    ]);
    release();
    // Ticking every item leaves the task's own tick to the person, and the view stays on it.
    await waitFor(() =>
      expect(within(view).getByRole('region', { name: 'Checklist 2 of 3 done' })).toBeInTheDocument(),
    );
    expect(within(view).getByRole('checkbox', { name: 'Complete Pack' })).not.toBeChecked();
    expect(api.tasks()[0]!.checklist.map((step) => step.done)).toEqual([true, false, true]);
  });

  it('a tick the server refuses is put back, and says why', async () => {
    const steps = [{ id: testUuid(), title: 'Passport', done: false }];
    const api = fakeApi({ tasks: [todayTask('Pack', 0, { checklist: steps })], habits: [] });
    const { user } = renderToday();
    await screen.findByRole('list', { name: 'Today items' });
    fireEvent.click(screen.getByRole('button', { name: 'Execute Mode' }));
    const view = screen.getByRole('region', { name: 'Execution Mode' });
    // Removed from the list on another device meanwhile; the lists' next read waits, so what shows is
    // this device's own putting back.
    api.refuse(steps[0]!.id);
    const release = api.holdToday();
    await user.click(within(view).getByRole('checkbox', { name: 'Passport' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    await waitFor(() => expect(within(view).getByRole('checkbox', { name: 'Passport' })).not.toBeChecked());
    expect(
      within(view).getByRole('article', { name: 'Pack, 0 of 1 checklist item done' }),
    ).toBeInTheDocument();
    release();
    expect(await screen.findByText('Could not update the checklist')).toBeInTheDocument();
    expect(screen.getByText('Checklist item not found')).toBeInTheDocument();
  });

  describe('overdue tasks (docs/product.md#planning)', () => {
    const overdueLine = () => screen.queryByText(/^\d+ overdue$/, { selector: 'p' });
    const planAll = () => screen.getByRole('button', { name: 'Plan all for today' });
    const cardNames = () => screen.getAllByRole('article').map((node) => node.getAttribute('aria-label'));

    it('plans every overdue task for today, those the chips hide too, and Undo puts each back on its day', async () => {
      const home = goalSummary('Home');
      const rent = todayTask('Pay rent', 0, { plannedFor: '2026-11-23', isToday: false, goal: home });
      const gym = todayTask('Gym', 1, {
        plannedFor: '2026-11-24',
        repeat: 'FREQ=WEEKLY;BYDAY=TU',
        isToday: false,
      });
      const passport = todayTask('Renew passport', 2, { plannedFor: '2026-11-25', isToday: true });
      const api = fakeApi({
        tasks: [
          rent,
          gym,
          passport,
          todayTask('Email Sam', 3),
          todayTask('Call mum', 4, { plannedFor: TODAY, isToday: false }),
          todayTask('Sent the parcel', 5, { plannedFor: '2026-11-20', completed: true }),
        ],
        habits: [todayHabit('Stretch', 6)],
      });
      const { user } = renderToday();
      await screen.findByRole('list', { name: 'Today items' });
      expect(overdueLine()).toHaveTextContent(/^3 overdue$/);
      // Hidden by a chip, still counted and planned, as Clear Today acts on hidden items.
      fireEvent.click(chip('Home'));
      expect(titles()).not.toContain(expect.stringMatching(/^Pay rent/));
      expect(overdueLine()).toHaveTextContent(/^3 overdue$/);
      expect(planAll()).toHaveAccessibleDescription('3 overdue, 1 of them hidden by the filters');

      const answer = api.holdWrites();
      await user.click(planAll());
      // At once, before the server answers: no card says overdue, and the line has gone.
      await waitFor(() => expect(overdueLine()).not.toBeInTheDocument());
      // A task done today is not overdue and is not planned: it keeps its day, said plainly.
      expect(cardNames().filter((name) => name?.includes('Overdue'))).toEqual([]);
      expect(
        screen.getByRole('article', { name: 'Sent the parcel, Friday 20 November' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('article', { name: 'Gym, Today, Every Tuesday' })).toBeInTheDocument();
      // Newly planned, they go to the end of Today as the server places them; one there by hand stays.
      expect(titles()).toEqual([
        'Renew passport, Today',
        'Email Sam',
        'Call mum, Today',
        'Sent the parcel, Friday 20 November',
        'Stretch',
        'Gym, Today, Every Tuesday',
      ]);
      // Focus goes on to the first card, not the page.
      await waitFor(() =>
        expect(screen.getByRole('article', { name: 'Renew passport, Today' })).toHaveFocus(),
      );
      expect(screen.queryByText('Planned for today')).not.toBeInTheDocument();
      answer();
      expect(await screen.findByText('Planned for today')).toBeInTheDocument();
      expect(screen.getByText('3 overdue tasks are planned for today.')).toBeInTheDocument();
      // One call for every overdue task, the repeating one's occurrence included; none of the others.
      expect(api.writes()).toEqual([
        {
          method: 'POST',
          path: '/api/tasks/plan',
          body: {
            moves: [
              { id: rent.id, plannedFor: TODAY },
              { id: gym.id, plannedFor: TODAY },
              { id: passport.id, plannedFor: TODAY },
            ],
          },
        },
      ]);

      await user.click(await pressableToastButton('Undo'));
      await waitFor(() => expect(api.writes()).toHaveLength(2));
      expect(api.writes()[1]).toEqual({
        method: 'POST',
        path: '/api/tasks/plan',
        body: {
          moves: [
            { id: rent.id, plannedFor: '2026-11-23' },
            { id: gym.id, plannedFor: '2026-11-24' },
            { id: passport.id, plannedFor: '2026-11-25' },
          ],
        },
      });
      expect(await screen.findByText('3 overdue', { selector: 'p' })).toBeInTheDocument();
      expect(
        screen.getByRole('article', { name: 'Gym, Overdue since Tuesday 24 November, Every Tuesday' }),
      ).toBeInTheDocument();
    });

    it('says "1 overdue", and "1 overdue task is planned for today."', async () => {
      fakeApi({ tasks: [todayTask('Pay rent', 0, { plannedFor: '2026-11-23' })], habits: [] });
      const { user } = renderToday();
      await screen.findByRole('list', { name: 'Today items' });
      expect(overdueLine()).toHaveTextContent(/^1 overdue$/);
      await user.click(planAll());
      expect(await screen.findByText('1 overdue task is planned for today.')).toBeInTheDocument();
      expect(screen.getByRole('article', { name: 'Pay rent, Today' })).toBeInTheDocument();
    });

    it('with focus on the button, planned from another device: focus goes on to the first card', async () => {
      const rent = todayTask('Pay rent', 0, { plannedFor: '2026-11-23' });
      fakeApi({ tasks: [rent, todayTask('Email Sam', 1)], habits: [] });
      const { client } = renderToday();
      await screen.findByRole('list', { name: 'Today items' });
      act(() => planAll().focus());
      // The live update's read: the task is on today now, and the overdue line goes.
      act(() => {
        client.setQueryData(['api', 'today'], {
          tasks: [{ ...rent, plannedFor: TODAY }, todayTask('Email Sam', 1)],
          habits: [],
        });
      });
      await waitFor(() => expect(overdueLine()).not.toBeInTheDocument());
      await waitFor(() => expect(screen.getByRole('article', { name: 'Pay rent, Today' })).toHaveFocus());
    });

    it('a refusal says why, plans none of them, and the lists are read again', async () => {
      const rent = todayTask('Pay rent', 0, { plannedFor: '2026-11-23' });
      const gone = todayTask('Renew passport', 1, { plannedFor: '2026-11-24' });
      const api = fakeApi({ tasks: [rent, gone], habits: [] });
      api.refuse(gone.id);
      const { user } = renderToday();
      await screen.findByRole('list', { name: 'Today items' });
      const reads = () => api.paths().filter((path) => path === '/api/today').length;
      const readsBefore = reads();
      await user.click(planAll());
      expect(await screen.findByText('Could not plan for today')).toBeInTheDocument();
      expect(screen.getByText('Task not found')).toBeInTheDocument();
      expect(screen.queryByText('Planned for today')).not.toBeInTheDocument();
      expect(reads()).toBeGreaterThan(readsBefore);
      // The server plans all or none: both are overdue again.
      expect(await screen.findByText('2 overdue', { selector: 'p' })).toBeInTheDocument();
      expect(
        screen.getByRole('article', { name: 'Pay rent, Overdue since Monday 23 November' }),
      ).toBeInTheDocument();
      expect(
        screen.getByRole('article', { name: 'Renew passport, Overdue since Tuesday 24 November' }),
      ).toBeInTheDocument();
    });

    it('shows nothing while the list loads, nor once nothing open is overdue', async () => {
      const api = fakeApi({
        tasks: [
          todayTask('Pay rent', 0, { plannedFor: '2026-11-23' }),
          todayTask('Call mum', 1, { plannedFor: TODAY }),
          todayTask('Sent the parcel', 2, { plannedFor: '2026-11-20', completed: true }),
          todayTask('Email Sam', 3),
        ],
        habits: [todayHabit('Stretch', 4)],
      });
      const release = api.holdToday();
      const { user } = renderToday();
      await screen.findByRole('status', { name: "Loading today's items" });
      expect(screen.queryByRole('button', { name: 'Plan all for today' })).not.toBeInTheDocument();
      release();
      await screen.findByRole('list', { name: 'Today items' });
      // Only the open task planned for a day gone by counts: not one done, not one planned for today.
      expect(overdueLine()).toHaveTextContent(/^1 overdue$/);
      await user.click(screen.getByRole('checkbox', { name: 'Complete Pay rent' }));
      await waitFor(() => expect(overdueLine()).not.toBeInTheDocument());
      expect(screen.queryByRole('button', { name: 'Plan all for today' })).not.toBeInTheDocument();
    });
  });

  it('says why the list could not load', async () => {
    const api = fakeApi({ tasks: [], habits: [] });
    api.failToday();
    renderToday();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your today list');
    // In words, never the status line or the JSON around it.
    expect(alert).toHaveTextContent('Something went wrong on our side. Please try again.');
    expect(alert).not.toHaveTextContent('500');
  });
});

describe('Selecting several items on Today (docs/product.md#selecting-several-items)', () => {
  const card = (title: string) => screen.getByRole('article', { name: new RegExp(`^${title}`) });
  const titleOf = (title: string) => within(card(title)).getByText(title);
  const bar = () => screen.findByRole('toolbar', { name: 'Selected items' });

  it('"Select" in a card’s menu starts choosing; a title then chooses; Complete sends each, with Undo', async () => {
    const water = todayTask('Water plants', 0);
    const done = todayTask('Already done', 1, { completed: true });
    const journal = todayHabit('Journal', 2);
    const api = fakeApi({ tasks: [water, done], habits: [journal] });
    const { user } = renderToday();
    await user.click(await screen.findByRole('button', { name: 'More actions for Water plants' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Select' }));
    const toolbar = await bar();
    expect(within(toolbar).getByRole('status')).toHaveTextContent('1 selected');
    // Every card shows its box in the handle's place; the list is not reordered meanwhile.
    expect(screen.getByRole('checkbox', { name: 'Select Water plants' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Journal' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Reorder Journal' })).not.toBeInTheDocument();

    // A click on a title chooses rather than opening Edit.
    fireEvent.click(titleOf('Journal'));
    fireEvent.click(titleOf('Already done'));
    expect(within(toolbar).getByRole('status')).toHaveTextContent('3 selected');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(toolbar).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('2 items are done.')).toBeInTheDocument();
    // Only those not done yet, each by its own field; the selection ends.
    expect(api.writes()).toEqual([
      { method: 'PATCH', path: `/api/tasks/${water.id}`, body: { completed: true } },
      { method: 'PATCH', path: `/api/habits/${journal.id}`, body: { completedToday: true } },
    ]);
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /^Select / })).not.toBeInTheDocument();

    await user.click(await pressableToastButton('Undo'));
    await waitFor(() => expect(api.writes()).toHaveLength(4));
    expect(api.writes().slice(2)).toEqual([
      { method: 'PATCH', path: `/api/tasks/${water.id}`, body: { completed: false } },
      { method: 'PATCH', path: `/api/habits/${journal.id}`, body: { completedToday: false } },
    ]);
  });

  it('Ctrl-click and Shift-click choose from the titles; Select all and Escape', async () => {
    fakeApi({
      tasks: [todayTask('One', 0), todayTask('Two', 1), todayTask('Three', 2), todayTask('Four', 3)],
      habits: [],
    });
    const { user } = renderToday();
    await screen.findByRole('list', { name: 'Today items' });
    fireEvent.click(titleOf('Two'), { ctrlKey: true });
    const toolbar = await bar();
    fireEvent.click(titleOf('Four'), { shiftKey: true });
    expect(within(toolbar).getByRole('status')).toHaveTextContent('3 selected');
    expect(screen.getByRole('checkbox', { name: 'Select One' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Three' })).toBeChecked();

    await user.click(within(toolbar).getByRole('button', { name: 'Select all' }));
    expect(within(toolbar).getByRole('status')).toHaveTextContent('4 selected');

    // Escape with a box in focus: the boxes go and focus stays on that card.
    screen.getByRole('checkbox', { name: 'Select Three' }).focus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('toolbar')).not.toBeInTheDocument());
    await waitFor(() => expect(card('Three')).toHaveFocus());
    expect(screen.queryByRole('checkbox', { name: /^Select / })).not.toBeInTheDocument();
    // Without a selection a plain click on a title chooses nothing (it opens Edit).
    fireEvent.click(titleOf('One'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
  });

  it('plans the chosen tasks in one call, habits left out, with Undo back to their days', async () => {
    const rent = todayTask('Pay rent', 0, { plannedFor: '2026-11-20' });
    const call = todayTask('Call Sam', 1);
    const journal = todayHabit('Journal', 2);
    const api = fakeApi({ tasks: [rent, call], habits: [journal] });
    const { user } = renderToday();
    await screen.findByRole('list', { name: 'Today items' });
    fireEvent.click(titleOf('Pay rent'), { metaKey: true });
    const toolbar = await bar();
    await user.click(screen.getByRole('checkbox', { name: 'Select Call Sam' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Journal' }));
    await user.click(within(toolbar).getByRole('button', { name: 'Plan for…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plan for' });
    expect(dialog).toHaveTextContent('2 tasks; the habit keeps its own days.');
    await user.click(within(dialog).getByRole('button', { name: /^Tomorrow/ }));

    expect(await screen.findByText('2 tasks are planned for tomorrow.')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        path: '/api/tasks/plan',
        body: {
          moves: [
            { id: rent.id, plannedFor: '2026-11-27' },
            { id: call.id, plannedFor: '2026-11-27' },
          ],
        },
      },
    ]);
    await user.click(await pressableToastButton('Undo'));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[1]?.body).toEqual({
      moves: [
        { id: rent.id, plannedFor: '2026-11-20' },
        { id: call.id, plannedFor: null },
      ],
    });
  });

  it('takes the chosen items off Today, and Undo puts each back at its place', async () => {
    const water = todayTask('Water plants', 4);
    const journal = todayHabit('Journal', 7);
    const api = fakeApi({ tasks: [water, todayTask('Stays', 9)], habits: [journal] });
    const { user } = renderToday();
    await screen.findByRole('list', { name: 'Today items' });
    fireEvent.click(titleOf('Water plants'), { ctrlKey: true });
    fireEvent.click(titleOf('Journal'), { ctrlKey: true });
    await user.click(within(await bar()).getByRole('button', { name: 'Remove from Today' }));
    expect(await screen.findByText('2 items are no longer on your today list.')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      { method: 'PATCH', path: `/api/tasks/${water.id}`, body: { isToday: false } },
      { method: 'PATCH', path: `/api/habits/${journal.id}`, body: { isToday: false } },
    ]);
    await waitFor(() => expect(titles()).toEqual(['Stays']));
    await user.click(await pressableToastButton('Undo'));
    await waitFor(() => expect(api.writes()).toHaveLength(4));
    expect(api.writes().slice(2)).toEqual([
      { method: 'PATCH', path: `/api/tasks/${water.id}`, body: { isToday: true, todaySortOrder: 4 } },
      { method: 'PATCH', path: `/api/habits/${journal.id}`, body: { isToday: true, todaySortOrder: 7 } },
    ]);
  });

  it('deletes the chosen items held back until the toast goes; Undo brings them back unsent', async () => {
    const api = fakeApi({
      tasks: [todayTask('Water plants', 0), todayTask('Stays', 2)],
      habits: [todayHabit('Journal', 1)],
    });
    const { user } = renderToday();
    await screen.findByRole('list', { name: 'Today items' });
    fireEvent.click(titleOf('Water plants'), { ctrlKey: true });
    fireEvent.click(titleOf('Journal'), { ctrlKey: true });
    await user.click(within(await bar()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(titles()).toEqual(['Stays']));
    expect(screen.getByText('2 items have been deleted.')).toBeInTheDocument();
    // Focus goes on to a card rather than dropping to the page with the bar.
    await waitFor(() => expect(card('Stays')).toHaveFocus());
    await user.click(await pressableToastButton('Undo'));
    await waitFor(() => expect(titles()).toEqual(['Water plants', 'Journal', 'Stays']));
    expect(api.writes()).toEqual([]);
  });

  it('a chosen card follows changes made elsewhere, and leaves the selection when it leaves the screen', async () => {
    const water = todayTask('Water plants', 0);
    const gone = todayTask('Deleted elsewhere', 1);
    const api = fakeApi({ tasks: [water, gone], habits: [] });
    const { client } = renderToday();
    await screen.findByRole('list', { name: 'Today items' });
    fireEvent.click(titleOf('Water plants'), { ctrlKey: true });
    fireEvent.click(titleOf('Deleted elsewhere'), { ctrlKey: true });
    const toolbar = await bar();
    expect(within(toolbar).getByRole('button', { name: 'Complete' })).toBeInTheDocument();

    // Another device completes one and deletes the other: the list is read again.
    const tasks = api.tasks();
    tasks[0] = { ...water, completed: true };
    tasks.splice(1, 1);
    await act(() => client.invalidateQueries());
    await waitFor(() => expect(within(toolbar).getByRole('status')).toHaveTextContent('1 selected'));
    expect(within(toolbar).getByRole('button', { name: 'Mark not done' })).toBeInTheDocument();
  });

  it('shows the change on the cards at once, before the server answers, as a card’s own tick does', async () => {
    const api = fakeApi({ tasks: [todayTask('One', 0), todayTask('Two', 1)], habits: [] });
    const release = api.holdWrites();
    const { user } = renderToday();
    await screen.findByRole('list', { name: 'Today items' });
    fireEvent.click(titleOf('One'), { ctrlKey: true });
    fireEvent.click(titleOf('Two'), { ctrlKey: true });
    await user.click(within(await bar()).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Complete One' })).toBeChecked());
    expect(screen.getByRole('checkbox', { name: 'Complete Two' })).toBeChecked();
    expect(screen.queryByText('2 items are done.')).not.toBeInTheDocument();
    release();
    expect(await screen.findByText('2 items are done.')).toBeInTheDocument();
  });

  it('when every chosen item is done the action reads "Mark not done"; "Clear selection" ends choosing', async () => {
    const one = todayTask('One', 0, { completed: true });
    const two = todayTask('Two', 1, { completed: true });
    const api = fakeApi({ tasks: [one, two, todayTask('Three', 2)], habits: [] });
    const { user } = renderToday();
    await screen.findByRole('list', { name: 'Today items' });
    fireEvent.click(titleOf('One'), { ctrlKey: true });
    fireEvent.click(titleOf('Two'), { ctrlKey: true });
    await user.click(within(await bar()).getByRole('button', { name: 'Mark not done' }));
    expect(await screen.findByText('2 items are not done now.')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      { method: 'PATCH', path: `/api/tasks/${one.id}`, body: { completed: false } },
      { method: 'PATCH', path: `/api/tasks/${two.id}`, body: { completed: false } },
    ]);

    fireEvent.click(titleOf('Three'), { ctrlKey: true });
    await user.click(within(await bar()).getByRole('button', { name: 'Clear selection' }));
    await waitFor(() => expect(screen.queryByRole('toolbar')).not.toBeInTheDocument());
    // Focus held by the bar goes on to the card, not the page.
    await waitFor(() => expect(card('Three')).toHaveFocus());
  });

  it('says how many the server refused, and the others stand', async () => {
    const gone = todayTask('Deleted elsewhere', 0);
    const kept = todayTask('Kept', 1);
    const api = fakeApi({ tasks: [gone, kept], habits: [] });
    api.refuse(gone.id);
    const { user } = renderToday();
    await screen.findByRole('list', { name: 'Today items' });
    fireEvent.click(titleOf('Deleted elsewhere'), { ctrlKey: true });
    fireEvent.click(titleOf('Kept'), { ctrlKey: true });
    await user.click(within(await bar()).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Could not complete 1 of 2 items')).toBeInTheDocument();
    expect(api.tasks().find((task) => task.id === kept.id)?.completed).toBe(true);
  });

  it('Execution Mode’s item has no "Select", and starting it ends a selection', async () => {
    fakeApi({ tasks: [todayTask('Email Sam', 0), todayTask('Pay rent', 1)], habits: [] });
    const { user } = renderToday();
    await screen.findByRole('list', { name: 'Today items' });
    fireEvent.click(titleOf('Pay rent'), { ctrlKey: true });
    await bar();
    fireEvent.click(screen.getByRole('button', { name: 'Execute Mode' }));
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    const view = screen.getByRole('region', { name: 'Execution Mode' });
    await user.click(within(view).getByRole('button', { name: 'More actions for Email Sam' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit task' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Select' })).not.toBeInTheDocument();
  });
});
