import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TodayTask } from '#shared/api/today';
import { addDays } from '#shared/domain/days';
import { taskOf, todayHabit, todayTask } from '../../features/today/testing/today-factories';
import type { UpcomingDay } from '../../features/upcoming';
import { PersonsDayContext } from '../../lib/persons-day';
import { installFakeApi, on } from '../../testing/fake-api';
import { pressableToastButton, renderWithProviders } from '../../testing/render';
import { UpcomingRoute } from './upcoming';

// The person's day is Thursday 26 November 2026, whatever the machine's clock says.
const TODAY = '2026-11-26';

/** GET /api/upcoming answers every day of the range asked, as the API does; `planned` fills some. */
function fakeApi(
  planned: Record<string, Partial<UpcomingDay>>,
  overdue = [todayTask('Pay rent', 0, { plannedFor: '2026-11-23', isToday: false })],
) {
  return installFakeApi(
    on('GET', /^\/api\/upcoming\?/, (request) => {
      const query = new URL(request.path, 'http://localhost').searchParams;
      const from = query.get('from')!;
      const to = query.get('to')!;
      const days = [];
      for (let day = from; day <= to; day = addDays(day, 1))
        days.push({ day, tasks: [], habits: [], ...planned[day] });
      return { body: { today: TODAY, overdue, days } };
    }),
    on('PATCH', /^\/api\/tasks\//, (request) => ({
      body: taskOf(todayTask('x', 0, request.body as object)),
    })),
    on('GET', /^\/api\//, () => ({ body: [] })),
  );
}

function renderUpcoming() {
  return renderWithProviders(
    <PersonsDayContext value={TODAY}>
      <UpcomingRoute />
    </PersonsDayContext>,
  );
}

describe('Upcoming (docs/product.md#upcoming-screen)', () => {
  it('shows Overdue first, then today and the next 14 days, each headed in words; empty days say so', async () => {
    const api = fakeApi({
      '2026-11-27': { tasks: [todayTask('Call mum', 0, { plannedFor: '2026-11-27', isToday: false })] },
      '2026-11-30': { habits: [todayHabit('Run', 0)] },
    });
    renderUpcoming();
    await screen.findByRole('heading', { name: 'Tomorrow' });
    expect(api.paths()).toContain('/api/upcoming?from=2026-11-26&to=2026-12-10');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings.slice(0, 5)).toEqual([
      'Overdue',
      'Today',
      'Tomorrow',
      'Saturday 28 November',
      'Sunday 29 November',
    ]);
    expect(headings).toHaveLength(16);
    expect(headings.at(-1)).toBe('Thursday 10 December');

    const overdue = screen.getByRole('region', { name: 'Overdue' });
    expect(
      within(overdue).getByRole('article', { name: 'Pay rent, Overdue since Monday 23 November' }),
    ).toBeInTheDocument();
    // Under a day's heading a card leaves its day to the heading.
    const tomorrow = screen.getByRole('region', { name: 'Tomorrow' });
    expect(within(tomorrow).getByRole('article', { name: 'Call mum' })).toBeInTheDocument();
    expect(within(tomorrow).queryByText('Tomorrow', { selector: 'span' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Today' })).getByText('Nothing planned'),
    ).toBeInTheDocument();
    // Habits due that day, listed apart from the tasks.
    const monday = screen.getByRole('region', { name: 'Monday 30 November' });
    expect(within(monday).getByRole('list', { name: 'Habits, Monday 30 November' })).toHaveTextContent('Run');
  });

  it('a repeating task on each of its days says its repeat, not the next day it is due', async () => {
    const gym = todayTask('Gym', 0, {
      plannedFor: '2026-11-30',
      repeat: 'FREQ=WEEKLY;BYDAY=MO,WE',
      isToday: false,
    });
    fakeApi({ '2026-11-30': { tasks: [gym] }, '2026-12-02': { tasks: [gym] } }, []);
    renderUpcoming();
    const wednesday = await screen.findByRole('region', { name: 'Wednesday 2 December' });
    const card = within(wednesday).getByRole('article', { name: 'Gym, Every Monday and Wednesday' });
    expect(card).toHaveTextContent('Every Mon, Wed');
    expect(card).not.toHaveTextContent('Mon 30');
    expect(
      within(screen.getByRole('region', { name: 'Monday 30 November' })).getByRole('article', {
        name: 'Gym, Every Monday and Wednesday',
      }),
    ).toBeInTheDocument();
  });

  it('"Move to…" moves a task to another day without dragging', async () => {
    const call = todayTask('Call mum', 0, { plannedFor: '2026-11-27', isToday: false });
    const api = fakeApi({ '2026-11-27': { tasks: [call] } });
    const { user } = renderUpcoming();
    await screen.findByRole('article', { name: 'Call mum' });
    await user.click(screen.getByRole('button', { name: 'More actions for Call mum' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Move up' })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Move to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to' });
    await user.click(within(dialog).getByRole('button', { name: 'Next week (Mon 30)' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toEqual({
      method: 'PATCH',
      path: `/api/tasks/${call.id}`,
      body: { plannedFor: '2026-11-30' },
    });
  });

  it('"Plan all for today" beside Overdue plans each overdue task for today, with Undo', async () => {
    const rent = todayTask('Pay rent', 0, { plannedFor: '2026-11-23', isToday: false });
    const gym = todayTask('Gym', 1, {
      plannedFor: '2026-11-24',
      repeat: 'FREQ=WEEKLY;BYDAY=TU',
      isToday: false,
    });
    const call = todayTask('Call mum', 2, { plannedFor: '2026-11-27', isToday: false });
    // The server's answer as plans leave it: overdue while planned before today, else on its day.
    const tasks = new Map<string, TodayTask>([rent, gym, call].map((task) => [task.id, task]));
    const api = installFakeApi(
      on('GET', /^\/api\/upcoming\?/, (request) => {
        const query = new URL(request.path, 'http://localhost').searchParams;
        const days = [];
        for (let day = query.get('from')!; day <= query.get('to')!; day = addDays(day, 1))
          days.push({
            day,
            tasks: [...tasks.values()].filter((task) => task.plannedFor === day),
            habits: [],
          });
        const overdue = [...tasks.values()].filter((task) => task.plannedFor! < TODAY);
        return { body: { today: TODAY, overdue, days } };
      }),
      on('POST', '/api/tasks/plan', (request) => {
        const { moves } = request.body as { moves: Array<{ id: string; plannedFor: string | null }> };
        const planned = moves.map(({ id, plannedFor }) => {
          const task = { ...tasks.get(id)!, plannedFor };
          tasks.set(id, task);
          return taskOf(task);
        });
        return { body: planned };
      }),
      on('GET', /^\/api\//, () => ({ body: [] })),
    );
    const { user } = renderUpcoming();
    const overdue = await screen.findByRole('region', { name: 'Overdue' });
    const button = within(overdue).getByRole('button', { name: 'Plan all for today' });
    expect(button).toHaveAccessibleDescription('Overdue');
    await user.click(button);

    const today = screen.getByRole('region', { name: 'Today' });
    await waitFor(() =>
      expect(
        within(today)
          .getAllByRole('article')
          .map((card) => card.getAttribute('aria-label')),
      ).toEqual(['Pay rent', 'Gym, Every Tuesday']),
    );
    expect(screen.queryByRole('region', { name: 'Overdue' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Plan all for today' })).not.toBeInTheDocument();
    // The button left with its group: focus goes on to the first card, not the page.
    await waitFor(() => expect(within(today).getByRole('article', { name: 'Pay rent' })).toHaveFocus());
    expect(await screen.findByText('2 overdue tasks are planned for today.')).toBeInTheDocument();
    const planOf = (moves: Array<{ id: string; plannedFor: string }>) => ({
      method: 'POST',
      path: '/api/tasks/plan',
      body: { moves },
    });
    expect(api.writes()).toEqual([
      planOf([
        { id: rent.id, plannedFor: TODAY },
        { id: gym.id, plannedFor: TODAY },
      ]),
    ]);

    await user.click(await pressableToastButton('Undo'));
    const back = await screen.findByRole('region', { name: 'Overdue' });
    expect(
      within(back)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual([
      'Pay rent, Overdue since Monday 23 November',
      'Gym, Overdue since Tuesday 24 November, Every Tuesday',
    ]);
    expect(api.writes().slice(1)).toEqual([
      planOf([
        { id: rent.id, plannedFor: '2026-11-23' },
        { id: gym.id, plannedFor: '2026-11-24' },
      ]),
    ]);
  });

  it('more days that cannot load say so and wait for "Try again", which loads them', async () => {
    let failing = true;
    installFakeApi(
      on('GET', /^\/api\/upcoming\?/, (request) => {
        const query = new URL(request.path, 'http://localhost').searchParams;
        const from = query.get('from')!;
        if (from !== TODAY && failing) return { status: 500, body: { message: 'Something went wrong' } };
        const days = [];
        for (let day = from; day <= query.get('to')!; day = addDays(day, 1))
          days.push({ day, tasks: [], habits: [] });
        return { body: { today: TODAY, overdue: [], days } };
      }),
      on('GET', /^\/api\//, () => ({ body: [] })),
    );
    const { user } = renderUpcoming();
    await user.click(await screen.findByRole('button', { name: 'Show more days' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Could not load more days\./);
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Thursday 24 December' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show more days' })).toBeInTheDocument();
  });

  it('its drag handle lifts a task for the keyboard and says how to move it', async () => {
    fakeApi({
      '2026-11-27': { tasks: [todayTask('Call mum', 0, { plannedFor: '2026-11-27', isToday: false })] },
    });
    const { user } = renderUpcoming();
    // It moves the task to another day, and is named for that, not for a place in a list.
    const handle = await screen.findByRole('button', { name: 'Move Call mum to another day' });
    handle.focus();
    await user.keyboard(' ');
    expect(await screen.findByText(/Picked up Call mum, planned for tomorrow/i)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(
      await screen.findByText('Moving Call mum was cancelled. It stays where it was.'),
    ).toBeInTheDocument();
  });
});

describe('Selecting several items on Upcoming (docs/product.md#selecting-several-items)', () => {
  it('a repeating task chosen on one day is chosen on each of its days, and counted once', async () => {
    const gym = todayTask('Gym', 0, {
      plannedFor: '2026-11-27',
      repeat: 'FREQ=WEEKLY;BYDAY=FR,MO',
      isToday: false,
    });
    fakeApi({
      '2026-11-27': {
        tasks: [gym, todayTask('Call mum', 1, { plannedFor: '2026-11-27', isToday: false })],
      },
      '2026-11-30': { tasks: [gym] },
    });
    const { user } = renderUpcoming();
    await screen.findByRole('heading', { name: 'Tomorrow' });
    const [first] = screen.getAllByRole('article', { name: /^Gym/ });
    await user.keyboard('{Control>}');
    await user.click(within(first!).getByText('Gym'));
    await user.keyboard('{/Control}');
    const toolbar = await screen.findByRole('toolbar', { name: 'Selected items' });
    expect(within(toolbar).getByRole('status')).toHaveTextContent('1 selected');
    const boxes = screen.getAllByRole('checkbox', { name: 'Select Gym' });
    expect(boxes).toHaveLength(2);
    for (const box of boxes) expect(box).toBeChecked();
    // The boxes take the grips' place while choosing.
    expect(screen.queryByRole('button', { name: /^Move .* to another day$/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Call mum' }));
    expect(within(toolbar).getByRole('status')).toHaveTextContent('2 selected');
  });
});
