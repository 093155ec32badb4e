import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HabitSchema } from '#shared/api/habits';
import { ItemHistorySchema } from '#shared/api/history';
import { personIn } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The history read chooses its range in the database and counts streaks on the whole history as day
 * numbers (docs/product.md#history, bench/notes/history.md): the range's edges, streaks that run back
 * before the range or lie outside it, days before the item was made (docs/decisions/031-a-habits-past.md),
 * and the person's zone deciding today. The clock is injected.
 */
let now = new Date('2026-03-10T12:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

async function habitIn(timeZone: string, at: string) {
  now = new Date(at);
  const client = await personIn(t, timeZone, now);
  const habit = await client.createHabit();
  const history = (query = '') =>
    client.expect(200, ItemHistorySchema, 'GET', `/api/habits/${habit.id}/history${query}`);
  const mark = async (...days: string[]) => {
    for (const day of days)
      await client.expect(200, HabitSchema, 'PUT', `/api/habits/${habit.id}/completions/${day}`);
  };
  return { history, mark };
}

/** The `count` days ending on `last`, oldest first (UTC calendar arithmetic, for writing cases). */
function daysEnding(last: string, count: number): string[] {
  const end = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

describe('history range and streaks', () => {
  it('answers the days on from and on to, and none just outside them', async () => {
    const { history, mark } = await habitIn('UTC', '2026-03-10T12:00:00Z');
    await mark('2026-03-01', '2026-03-02', '2026-03-05', '2026-03-06');
    expect(await history('?from=2026-03-02&to=2026-03-05')).toMatchObject({
      from: '2026-03-02',
      to: '2026-03-05',
      days: ['2026-03-02', '2026-03-05'],
      // Streaks and counts still look at every day: 1-2 and 5-6 are runs of two, none current.
      currentStreak: 0,
      bestStreak: 2,
      // The last 7 days are 4 to 10 March.
      last7: 2,
      last30: 4,
    });
    // One-day ranges on an edge.
    expect((await history('?from=2026-03-01&to=2026-03-01')).days).toEqual(['2026-03-01']);
    expect((await history('?from=2026-03-03&to=2026-03-04')).days).toEqual([]);
  });

  it('counts a streak that began before the range and before the habit was made', async () => {
    // Made on 10 March; 60 days done through today, the first 59 given as its past.
    const { history, mark } = await habitIn('UTC', '2026-03-10T12:00:00Z');
    await mark(...daysEnding('2026-03-10', 60));
    expect(await history('?from=2026-03-08&to=2026-03-10')).toMatchObject({
      days: ['2026-03-08', '2026-03-09', '2026-03-10'],
      currentStreak: 60,
      bestStreak: 60,
      last7: 7,
      last30: 30,
      last365: 60,
    });
  });

  it('keeps the streaks of today when the range shown is in the past', async () => {
    const { history, mark } = await habitIn('UTC', '2026-03-10T12:00:00Z');
    await mark(...daysEnding('2026-01-20', 12), ...daysEnding('2026-03-09', 3));
    expect(await history('?from=2026-01-01&to=2026-01-31')).toMatchObject({
      days: daysEnding('2026-01-20', 12),
      // Today is not done yet: the run through yesterday is current.
      currentStreak: 3,
      bestStreak: 12,
      last30: 3,
    });
  });

  it('ends the default range on the person’s today in their zone', async () => {
    // 12:00 UTC on 10 March is 02:00 on 11 March in Kiritimati (UTC+14).
    const { history, mark } = await habitIn('Pacific/Kiritimati', '2026-03-10T12:00:00Z');
    await mark('2026-03-10', '2026-03-11');
    expect(await history()).toMatchObject({
      today: '2026-03-11',
      to: '2026-03-11',
      from: '2025-03-06',
      days: ['2026-03-10', '2026-03-11'],
      currentStreak: 2,
      last7: 2,
    });
  });

  it('counts weeks met across the range start for "N times a week"', async () => {
    const { history, mark } = await habitIn('UTC', '2026-03-10T12:00:00Z');
    const client = await personIn(t, 'UTC', now);
    const weekly = await client.createHabit({ timesPerWeek: 2 });
    const url = `/api/habits/${weekly.id}`;
    // Two days in each of the weeks of 16 and 23 February and 2 March; one in the week of 9 March.
    for (const day of [
      '2026-02-16',
      '2026-02-18',
      '2026-02-23',
      '2026-02-24',
      '2026-03-02',
      '2026-03-03',
      '2026-03-09',
    ])
      await client.expect(200, HabitSchema, 'PUT', `${url}/completions/${day}`);
    const answer = await client.expect(
      200,
      ItemHistorySchema,
      'GET',
      `${url}/history?from=2026-03-09&to=2026-03-10`,
    );
    expect(answer).toMatchObject({
      days: ['2026-03-09'],
      streakUnit: 'week',
      currentStreak: 3,
      bestStreak: 3,
    });
    // The every-day habit of the same person is untouched by the other's days.
    await mark('2026-03-10');
    expect(await history()).toMatchObject({ days: ['2026-03-10'], currentStreak: 1 });
  });
});
