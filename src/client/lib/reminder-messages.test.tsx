import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, on } from '../testing/fake-api';
import { renderWithProviders } from '../testing/render';

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

const { reminderToast, takeKeptTicks } = await import('./reminder-messages');
const { makeHabit, makeTask } = await import('../features/items/testing/factories');

// docs/product.md#reminders: the app's side of the worker's reminders.

const TASK = '11111111-1111-4111-8111-111111111111';
const GONE = '22222222-2222-4222-8222-222222222222';
const HABIT = '33333333-3333-4333-8333-333333333333';

beforeEach(() => stored.clear());

describe("ticks a notification's Done kept", () => {
  it('are sent as the card sends a tick, in order, once; an item gone meanwhile is dropped quietly', async () => {
    const api = installFakeApi(
      on('PATCH', `/api/tasks/${TASK}`, (request) => ({
        body: makeTask({ id: TASK, ...(request.body as object) }),
      })),
      on('PATCH', `/api/tasks/${GONE}`, () => ({ status: 404, body: { message: 'Task not found' } })),
      on('PATCH', `/api/habits/${HABIT}`, (request) => ({
        body: makeHabit({ id: HABIT, ...(request.body as object) }),
      })),
    );
    stored.set('reminder-ticks', [
      { kind: 'task', id: TASK, title: 'Call the bank', tick: 'completed' },
      { kind: 'task', id: GONE, title: 'Gone', tick: 'completed' },
      { kind: 'habit', id: HABIT, title: 'Stretch', tick: 'completedToday' },
    ]);
    await takeKeptTicks();
    expect(api.writes()).toEqual([
      { method: 'PATCH', path: `/api/tasks/${TASK}`, body: { completed: true } },
      { method: 'PATCH', path: `/api/tasks/${GONE}`, body: { completed: true } },
      { method: 'PATCH', path: `/api/habits/${HABIT}`, body: { completedToday: true } },
    ]);
    expect(stored.has('reminder-ticks')).toBe(false);
    await takeKeptTicks();
    expect(api.writes()).toHaveLength(3);
  });
});

describe('an open app', () => {
  it('shows a due reminder as a toast', async () => {
    renderWithProviders(<div />);
    reminderToast({
      type: 'reminder',
      kind: 'task',
      id: TASK,
      title: 'Call the bank',
      goal: 'Money',
      tag: `stride-reminder-task-${TASK}`,
      day: '2027-02-02',
      at: '2027-02-02T06:30:00.000Z',
      tick: 'completed',
    });
    await waitFor(() => expect(screen.getByText('Reminder: Call the bank')).toBeInTheDocument());
    expect(screen.getByText('Goal: Money')).toBeInTheDocument();
  });
});
