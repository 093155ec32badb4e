import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Today } from '#shared/api/today';
import { PLAN_MAX_MOVES } from '#shared/api/wire-names';
import type { ToastInput } from '../components/ui/toast';
import { makeTask } from '../features/items/testing/factories';
import { deferred, installFakeApi, on } from '../testing/fake-api';
import { resetConnectivity } from './connectivity';
import type { QueuedChange } from './offline-changes';
import { USER_QUERY_KEY } from './signed-in-user';

/*
 * "Plan all for today" and its Undo (docs/decisions/047-plan-overdue-for-today.md): one call for every
 * task, shown at once, and kept whole as one change when Stride cannot take it now, so that nothing is
 * left half planned by a reload.
 */

const stored = new Map<string, unknown>();
vi.mock('./key-value-store', () => ({
  readValue: async (key: string) => stored.get(key),
  writeValue: async (key: string, value: unknown) => {
    stored.set(key, structuredClone(value));
  },
  deleteValue: async (key: string) => {
    stored.delete(key);
  },
}));
const toasts: ToastInput[] = [];
vi.mock('../components/ui/toast', () => ({ toast: (input: ToastInput) => toasts.push(input) }));

const { resetOutbox, startOutbox, waitingChanges } = await import('./outbox');
const { usePlanOverdueForToday } = await import('./plan-overdue');

const TODAY = '2026-11-26';
const ANN = { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', email: 'ann@example.com' };
const rent = makeTask({ title: 'Pay rent', plannedFor: '2026-11-23', todaySortOrder: 0 });
const gym = makeTask({ title: 'Gym', plannedFor: '2026-11-24', repeat: 'FREQ=DAILY', todaySortOrder: 1 });
const email = makeTask({ title: 'Email Sam', isToday: true, todaySortOrder: 2 });

let client: QueryClient;
let replayed: QueuedChange[];

function renderPlan() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => usePlanOverdueForToday(), { wrapper }).result;
}

const todayShows = () =>
  client
    .getQueryData<Today>(['api', 'today'])
    ?.tasks.toSorted((a, b) => a.todaySortOrder - b.todaySortOrder)
    .map((task) => `${task.title} ${task.plannedFor ?? '-'}`);

/** The toast's Undo, pressed. */
function pressUndo(): void {
  const planned = toasts.find((input) => input.title === 'Planned for today');
  if (!planned?.action) throw new Error('no "Planned for today" toast with Undo');
  act(() => planned.action?.onAction());
}

beforeEach(async () => {
  resetOutbox();
  stored.clear();
  toasts.length = 0;
  replayed = [];
  client = new QueryClient({ defaultOptions: { queries: { gcTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(['api', 'tasks'], [rent, gym, email]);
  client.setQueryData<Today>(['api', 'today'], {
    tasks: [rent, gym, email].map((task) => ({ ...task, goal: null })),
    habits: [],
  });
  resetConnectivity('online');
  await startOutbox(client, async (change) => {
    replayed.push(change);
    return [];
  });
  client.setQueryData(USER_QUERY_KEY, ANN);
});
afterEach(() => {
  resetOutbox();
  resetConnectivity('online');
});

const planCall = (moves: Array<{ id: string; plannedFor: string | null }>) => ({
  method: 'POST',
  path: '/api/tasks/plan',
  body: { moves },
});

describe('Plan all for today', () => {
  it('sends one call for every task, and Undo one call putting each back on its day', async () => {
    const answer = deferred<void>();
    const api = installFakeApi(
      on('POST', '/api/tasks/plan', async () => {
        await answer.promise;
        return { body: [] };
      }),
    );
    const plan = renderPlan();
    act(() => plan.current.plan([rent, gym], TODAY));
    // At once, before the server answers: at the end of Today, in the order planned.
    await waitFor(() => expect(todayShows()).toEqual(['Email Sam -', `Pay rent ${TODAY}`, `Gym ${TODAY}`]));
    expect(toasts).toEqual([]);
    answer.resolve();
    await waitFor(() => expect(toasts.map((input) => input.title)).toEqual(['Planned for today']));
    expect(toasts[0]?.description).toBe('2 overdue tasks are planned for today.');
    expect(api.writes()).toEqual([
      planCall([
        { id: rent.id, plannedFor: TODAY },
        { id: gym.id, plannedFor: TODAY },
      ]),
    ]);

    pressUndo();
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[1]).toEqual(
      planCall([
        { id: rent.id, plannedFor: '2026-11-23' },
        { id: gym.id, plannedFor: '2026-11-24' },
      ]),
    );
    expect(todayShows()).toEqual(['Email Sam -', 'Pay rent 2026-11-23', 'Gym 2026-11-24']);
  });

  it('offline, keeps the plan and its Undo as one change each, shown at once, and sends them in order later', async () => {
    const api = installFakeApi();
    resetConnectivity('offline');
    const plan = renderPlan();
    act(() => plan.current.plan([rent, gym], TODAY));
    await waitFor(() => expect(toasts.map((input) => input.title)).toEqual(['Planned for today']));
    expect(waitingChanges()).toBe(1);
    expect(todayShows()).toEqual(['Email Sam -', `Pay rent ${TODAY}`, `Gym ${TODAY}`]);

    pressUndo();
    await waitFor(() => expect(waitingChanges()).toBe(2));
    expect(todayShows()).toEqual(['Email Sam -', 'Pay rent 2026-11-23', 'Gym 2026-11-24']);
    // Kept on the device whole, named as a refusal would name them; nothing was sent.
    expect(stored.get('outbox')).toEqual([
      expect.objectContaining({
        ...planCall([
          { id: rent.id, plannedFor: TODAY },
          { id: gym.id, plannedFor: TODAY },
        ]),
        label: 'New days for tasks',
      }),
      expect.objectContaining({
        ...planCall([
          { id: rent.id, plannedFor: '2026-11-23' },
          { id: gym.id, plannedFor: '2026-11-24' },
        ]),
        label: 'New days for tasks',
      }),
    ]);
    expect(api.requests).toEqual([]);

    act(() => resetConnectivity('online'));
    await waitFor(() => expect(waitingChanges()).toBe(0));
    expect(replayed.map((change) => change.path)).toEqual(['/api/tasks/plan', '/api/tasks/plan']);
  });

  it('keeps the one call whole when Stride answers 503, with no error toast', async () => {
    const api = installFakeApi(
      on('POST', '/api/tasks/plan', () => ({
        status: 503,
        body: { message: 'Stride cannot reach its database right now. Try again in a few seconds.' },
      })),
    );
    const plan = renderPlan();
    act(() => plan.current.plan([rent], TODAY));
    await waitFor(() => expect(toasts.map((input) => input.title)).toEqual(['Planned for today']));
    expect(toasts[0]?.description).toBe('1 overdue task is planned for today.');
    expect(api.writes()).toHaveLength(1);
    expect(waitingChanges()).toBe(1);
    expect(stored.get('outbox')).toEqual([
      expect.objectContaining({
        ...planCall([{ id: rent.id, plannedFor: TODAY }]),
        label: 'A new day for a task',
      }),
    ]);
  });

  it(`sends more than ${PLAN_MAX_MOVES} tasks in parts of at most ${PLAN_MAX_MOVES}, in order`, async () => {
    const api = installFakeApi(on('POST', '/api/tasks/plan', () => ({ body: [] })));
    const many = Array.from({ length: PLAN_MAX_MOVES + 1 }, (_, at) =>
      makeTask({ title: `Task ${at}`, plannedFor: '2026-11-20' }),
    );
    const plan = renderPlan();
    act(() => plan.current.plan(many, TODAY));
    await waitFor(() => expect(toasts.map((input) => input.title)).toEqual(['Planned for today']));
    const sent = api.writes().map((write) => (write.body as { moves: Array<{ id: string }> }).moves);
    expect(sent.map((moves) => moves.length)).toEqual([PLAN_MAX_MOVES, 1]);
    expect(sent.flat().map((move) => move.id)).toEqual(many.map((task) => task.id));
  });
});
