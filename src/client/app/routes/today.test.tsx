import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import type { Habit } from '../../../shared/api/habits';
import type { TodayTask } from '../../../shared/api/today';
import { resetToasts } from '../../components/ui/toast';
import { goalSummary, todayHabit, todayTask } from '../../features/today/testing/today-factories';
import { createQueryClient } from '../../lib/query-client';
import { Providers } from '../providers';
import { TodayRoute } from './today';

type Call = { method: string; path: string; body: unknown };

/** An in-memory stand-in for the Today endpoints the screen calls; every call is recorded. */
function fakeApi(initial: { tasks: TodayTask[]; habits: Habit[] }) {
  const state = { tasks: [...initial.tasks], habits: [...initial.habits] };
  const calls: Call[] = [];
  let todayGate: Promise<void> = Promise.resolve();
  let failToday = false;

  const json = (status: number, body: unknown) =>
    new Response(body === null ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });

  const handler = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    if (method === 'GET' && path === '/api/today') {
      await todayGate;
      if (failToday) return json(500, { message: 'database unavailable' });
      return json(200, {
        tasks: state.tasks.filter((task) => task.isToday),
        habits: state.habits.filter((habit) => habit.isToday),
      });
    }
    const patch = /^\/api\/(tasks|habits)\/(.+)$/.exec(path);
    if (method === 'PATCH' && patch) {
      const list: Array<TodayTask | Habit> = patch[1] === 'tasks' ? state.tasks : state.habits;
      const index = list.findIndex((item) => item.id === patch[2]);
      list[index] = { ...list[index]!, ...(body as object) };
      return json(200, list[index]);
    }
    return json(404, { message: `no fake for ${method} ${path}` });
  };

  return {
    calls,
    handler,
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

let consoleError: MockInstance<typeof console.error>;

function renderToday(api: ReturnType<typeof fakeApi>) {
  vi.stubGlobal('fetch', vi.fn(api.handler));
  const client = createQueryClient();
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retry: false },
  });
  return render(
    <Providers client={client}>
      <TodayRoute />
    </Providers>,
  );
}

const count = () => screen.getByTestId('today-count');
const chip = (label: string) =>
  within(screen.getByRole('group', { name: 'Show:' })).getByRole('button', { name: new RegExp(`^${label}`) });
const titles = () =>
  within(screen.getByRole('list', { name: 'Today items' }))
    .getAllByRole('article')
    .map((node) => node.getAttribute('aria-label'));

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  // Client tests fail on a stray console.error.
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

describe('Today route', () => {
  it('shows three skeleton rows while loading, and no count yet', async () => {
    const api = fakeApi({ tasks: [], habits: [] });
    const release = api.holdToday();
    renderToday(api);
    expect(await screen.findByRole('status', { name: "Loading today's items" })).toBeInTheDocument();
    expect(screen.getAllByTestId('today-skeleton-row')).toHaveLength(3);
    expect(count()).toHaveTextContent('');
    release();
    expect(await screen.findByText('No items for today')).toBeInTheDocument();
  });

  it('explains an empty day and links to All Items', async () => {
    renderToday(fakeApi({ tasks: [], habits: [] }));
    expect(await screen.findByRole('heading', { name: 'No items for today' })).toBeInTheDocument();
    expect(screen.getByText('Add some tasks and habits to get started with your day!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all items' })).toHaveAttribute('href', '/all-items');
    expect(count()).toHaveTextContent('0 of 0 items');
    expect(screen.queryByRole('group', { name: 'Show:' })).not.toBeInTheDocument();
  });

  it('lists tasks and habits in one todaySortOrder order with the header actions', async () => {
    const book = goalSummary('Write a book', { color: 'rose' });
    renderToday(
      fakeApi({
        tasks: [todayTask('Email Sam', 0), todayTask('Draft chapter', 2, { goal: book })],
        habits: [todayHabit('Stretch', 1)],
      }),
    );
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
    renderToday(
      fakeApi({
        tasks: [todayTask('Email Sam', 0), todayTask('Draft chapter', 2, { goal: book })],
        habits: [todayHabit('Stretch', 1)],
      }),
    );
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
    renderToday(api);
    await screen.findByRole('list', { name: 'Today items' });

    fireEvent.click(screen.getByRole('button', { name: 'Clear Today' }));
    expect(await screen.findByText('Cleared Today')).toBeInTheDocument();
    expect(screen.getByText('All items removed from your today list.')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: `/api/tasks/${task.id}`, body: { isToday: false } },
      { method: 'PATCH', path: `/api/habits/${habit.id}`, body: { isToday: false } },
    ]);
    expect(await screen.findByText('No items for today')).toBeInTheDocument();
  });

  it('Clear Today does nothing on an empty day', async () => {
    const api = fakeApi({ tasks: [], habits: [] });
    renderToday(api);
    await screen.findByText('No items for today');
    fireEvent.click(screen.getByRole('button', { name: 'Clear Today' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
    expect(screen.queryByText('Cleared Today')).not.toBeInTheDocument();
  });

  it('Execute Mode starts at the first uncompleted visible item and Exit comes back', async () => {
    renderToday(
      fakeApi({
        tasks: [todayTask('Done already', 0, { completed: true }), todayTask('Email Sam', 2)],
        habits: [todayHabit('Stretch', 1)],
      }),
    );
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

  it('says why the list could not load', async () => {
    const api = fakeApi({ tasks: [], habits: [] });
    api.failToday();
    renderToday(api);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your today list');
    // In words, never the status line or the JSON around it.
    expect(alert).toHaveTextContent('Something went wrong on our side. Please try again.');
    expect(alert).not.toHaveTextContent('500');
  });
});
