import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Habit } from '#shared/api/habits';
import type { TodayTask } from '#shared/api/today';
import { goalSummary, taskOf, todayHabit, todayTask } from '../../features/today/testing/today-factories';
import { installFakeApi, on } from '../../testing/fake-api';
import { pressableToastButton, renderWithProviders } from '../../testing/render';
import { TodayRoute } from './today';

/** The Today endpoints the screen calls, over an in-memory list that PATCHes change. */
function fakeApi(initial: { tasks: TodayTask[]; habits: Habit[] }) {
  const state = { tasks: [...initial.tasks], habits: [...initial.habits] };
  let todayGate: Promise<void> = Promise.resolve();
  let failToday = false;
  const api = installFakeApi(
    on('GET', '/api/today', async () => {
      await todayGate;
      if (failToday) return { status: 500, body: { message: 'database unavailable' } };
      return {
        body: {
          tasks: state.tasks.filter((task) => task.isToday),
          habits: state.habits.filter((habit) => habit.isToday),
        },
      };
    }),
    on('PATCH', /^\/api\/(tasks|habits)\//, (request) => {
      const [, kind, id] = /^\/api\/(tasks|habits)\/(.+)$/.exec(request.path) ?? [];
      const list: Array<TodayTask | Habit> = kind === 'tasks' ? state.tasks : state.habits;
      const index = list.findIndex((item) => item.id === id);
      const changed = { ...list[index]!, ...(request.body as object) };
      list[index] = changed;
      return { body: 'goal' in changed ? taskOf(changed) : changed };
    }),
  );
  return {
    ...api,
    holdToday: () => {
      let release: () => void = () => {};
      todayGate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return release;
    },
    failToday: () => {
      failToday = true;
    },
  };
}

function renderToday() {
  return renderWithProviders(<TodayRoute />);
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
