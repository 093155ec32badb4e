import { describe, expect, it, vi } from 'vitest';
import type { ReminderMessage } from '#shared/api/reminders';
import {
  itemLink,
  notificationOf,
  reminderOf,
  sendSnooze,
  sendTick,
  tickRequest,
  withKeptTick,
} from './reminder-actions';

// docs/product.md#reminders: what the notification shows and what Done and Snooze send.

const TASK_ID = '11111111-1111-4111-8111-111111111111';
const message: ReminderMessage = {
  type: 'reminder',
  kind: 'task',
  id: TASK_ID,
  title: 'Call the bank',
  goal: 'Money',
  tag: `stride-reminder-task-${TASK_ID}`,
  day: '2027-02-02',
  at: '2027-02-02T06:30:00.000Z',
  tick: 'completed',
};
const tick = { kind: 'task', id: TASK_ID, title: 'Call the bank', tick: 'completed' } as const;

describe('the notification of a reminder', () => {
  it('has the title, the goal, one tag per item, and Done and Snooze 10 min', () => {
    const { title, options } = notificationOf(message);
    expect(title).toBe('Call the bank');
    expect(options).toMatchObject({
      body: 'Goal: Money',
      tag: `stride-reminder-task-${TASK_ID}`,
      data: message,
      renotify: true,
      timestamp: Date.parse('2027-02-02T06:30:00.000Z'),
      actions: [
        { action: 'done', title: 'Done' },
        { action: 'snooze', title: 'Snooze 10 min' },
      ],
    });
  });

  it('names the kind when there is no goal', () => {
    expect(notificationOf({ ...message, goal: null }).options.body).toBe('Task');
    expect(notificationOf({ ...message, kind: 'habit', goal: null }).options.body).toBe('Habit');
  });

  it('reads only a reminder', () => {
    expect(reminderOf(message)).toEqual(message);
    expect(reminderOf(JSON.parse(JSON.stringify(message)))).toEqual(message);
    for (const junk of [
      null,
      'text',
      { ...message, type: 'other' },
      { ...message, kind: 'goal' },
      { ...message, id: 3 },
      { ...message, goal: 5 },
      { ...message, tick: 'done' },
    ])
      expect(reminderOf(junk)).toBeUndefined();
  });

  it('opens the item on All Items', () => {
    expect(itemLink(message)).toBe(`/all-items?item=task:${TASK_ID}`);
  });
});

describe("Done's tick", () => {
  it("is the card's tick: completed for a task, completedToday for a habit or a habit goal's task", () => {
    expect(tickRequest(tick)).toEqual({
      method: 'PATCH',
      path: `/api/tasks/${TASK_ID}`,
      body: { completed: true },
    });
    expect(tickRequest({ ...tick, kind: 'habit', tick: 'completedToday' })).toEqual({
      method: 'PATCH',
      path: `/api/habits/${TASK_ID}`,
      body: { completedToday: true },
    });
  });

  it('sends JSON with the zone, and says what came of it', async () => {
    const answered = (status: number) =>
      vi.fn(async () => new Response(null, { status: status === 200 ? 200 : status }));
    const ok = answered(200);
    expect(await sendTick(tick, ok, 'Europe/Paris')).toBe('sent');
    expect(ok).toHaveBeenCalledWith(`/api/tasks/${TASK_ID}`, {
      method: 'PATCH',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-time-zone': 'Europe/Paris' },
      body: '{"completed":true}',
    });
    expect(await sendTick(tick, answered(404))).toBe('sent');
    expect(await sendTick(tick, answered(401))).toBe('keep');
    expect(await sendTick(tick, answered(503))).toBe('keep');
    expect(await sendTick(tick, answered(400))).toBe('refused');
    expect(
      await sendTick(tick, async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toBe('keep');
  });

  it('is kept once per item', () => {
    const habit = { ...tick, kind: 'habit' as const, tick: 'completedToday' as const };
    expect(withKeptTick(withKeptTick([tick], habit), tick)).toEqual([habit, tick]);
  });
});

describe('Snooze 10 min', () => {
  it('asks the server by kind and id, and says whether it did', async () => {
    const ok = vi.fn(async () => new Response(null, { status: 204 }));
    expect(await sendSnooze(message, ok)).toBe(true);
    expect(ok).toHaveBeenCalledWith(
      '/api/reminders/snooze',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ kind: 'task', id: TASK_ID }),
      }),
    );
    expect(await sendSnooze(message, async () => new Response(null, { status: 404 }))).toBe(false);
    expect(
      await sendSnooze(message, async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toBe(false);
  });
});
