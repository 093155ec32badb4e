import { describe, expect, it } from 'vitest';
import { type HabitFacts, nextReminder, type TaskFacts } from './next-reminder';
import { retryDelayMs } from './reminder-worker';

const utc = { timeZone: 'UTC', dayStartHour: 0 };
const task = (facts: Partial<TaskFacts>): TaskFacts => ({
  kind: 'task',
  remindAt: '09:00',
  plannedFor: '2027-01-10',
  repeat: null,
  repeatStart: null,
  completed: false,
  lastCompletedDay: null,
  ...facts,
});
const habit = (facts: Partial<HabitFacts>): HabitFacts => ({
  kind: 'habit',
  remindAt: '09:00',
  repeat: null,
  repeatStart: null,
  timesPerWeek: null,
  doneDays: new Set(),
  ...facts,
});
const next = (facts: TaskFacts | HabitFacts, from: string, after: string | null = null) =>
  nextReminder(facts, utc, {
    from: new Date(from),
    after: after ? new Date(after) : null,
  })?.at.toISOString() ?? null;

describe('nextReminder', () => {
  it.each([
    ['a planned task, before its time', task({}), '2027-01-10T08:00:00Z', null, '2027-01-10T09:00:00.000Z'],
    ['a planned task, at its time', task({}), '2027-01-10T09:00:00Z', null, '2027-01-10T09:00:00.000Z'],
    ['a planned task, after its time', task({}), '2027-01-10T09:00:01Z', null, null],
    ['a planned task already reminded', task({}), '2027-01-10T08:00:00Z', '2027-01-10T09:00:00Z', null],
    ['a completed task', task({ completed: true }), '2027-01-10T08:00:00Z', null, null],
    ['an unplanned task', task({ plannedFor: null }), '2027-01-10T08:00:00Z', null, null],
    ['no time', task({ remindAt: null }), '2027-01-10T08:00:00Z', null, null],
    [
      'an overdue daily task, on the next day of its rule',
      task({ plannedFor: '2027-01-01', repeat: 'FREQ=DAILY', repeatStart: '2027-01-01' }),
      '2027-01-10T10:00:00Z',
      null,
      '2027-01-11T09:00:00.000Z',
    ],
    [
      'a weekly task, its next Monday',
      task({ plannedFor: '2027-01-11', repeat: 'FREQ=WEEKLY;BYDAY=MO', repeatStart: '2027-01-11' }),
      '2027-01-11T09:30:00Z',
      '2027-01-11T09:00:00Z',
      '2027-01-18T09:00:00.000Z',
    ],
    [
      'a repeating task done ahead on its next day',
      task({
        plannedFor: '2027-01-10',
        repeat: 'FREQ=DAILY',
        repeatStart: '2027-01-01',
        lastCompletedDay: '2027-01-10',
      }),
      '2027-01-10T08:00:00Z',
      null,
      '2027-01-11T09:00:00.000Z',
    ],
    ['a daily habit', habit({}), '2027-01-10T09:30:00Z', null, '2027-01-11T09:00:00.000Z'],
    [
      'a habit done today',
      habit({ doneDays: new Set(['2027-01-10']) }),
      '2027-01-10T08:00:00Z',
      null,
      '2027-01-11T09:00:00.000Z',
    ],
    [
      'twice a week, met by Tuesday: next Monday',
      habit({ timesPerWeek: 2, doneDays: new Set(['2027-01-11', '2027-01-12']) }),
      '2027-01-12T10:00:00Z',
      null,
      '2027-01-18T09:00:00.000Z',
    ],
    [
      'a yearly habit',
      habit({ repeat: 'FREQ=YEARLY', repeatStart: '2026-03-01' }),
      '2027-01-10T08:00:00Z',
      null,
      '2027-03-01T09:00:00.000Z',
    ],
  ])('%s', (_name, facts, from, after, expected) => {
    expect(next(facts, from, after)).toBe(expected);
  });
});

describe('retryDelayMs', () => {
  it.each([
    [1, null, 5_000],
    [2, null, 10_000],
    [3, 1_000, 20_000],
    [2, 120_000, 120_000],
    [20, null, 300_000],
  ])('after attempt %i with Retry-After %s waits %i ms', (attempts, retryAfter, expected) => {
    expect(retryDelayMs(attempts, retryAfter)).toBe(expected);
  });
});
