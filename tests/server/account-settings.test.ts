import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthUserSchema } from '#shared/api/auth';
import { HabitListSchema, HabitSchema } from '#shared/api/habits';
import { messageOf } from './helpers/api';
import { personIn } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The person's day settings (docs/decisions/015-day-start-and-history.md): "day starts at" moves the
 * boundary of every daily tick, and a chosen zone stays until the device may decide again.
 */
let now = new Date('2026-03-10T12:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

const clientIn = (timeZone: string) => personIn(t, timeZone, now);

describe('PATCH /api/auth/user', () => {
  it('starts at midnight and follows the device, and answers the settings it stored', async () => {
    const client = await clientIn('Europe/Paris');
    const before = await client.expect(200, AuthUserSchema, 'GET', '/api/auth/user');
    expect(before).toMatchObject({ timeZone: 'Europe/Paris', timeZoneFromDevice: true, dayStartHour: 0 });
    const after = await client.expect(200, AuthUserSchema, 'PATCH', '/api/auth/user', { dayStartHour: 4 });
    expect(after).toMatchObject({ timeZone: 'Europe/Paris', timeZoneFromDevice: true, dayStartHour: 4 });
    const read = await client.expect(200, AuthUserSchema, 'GET', '/api/auth/user');
    expect(read.dayStartHour).toBe(4);
  });

  it.each([
    [{ dayStartHour: 7 }, 'Day starts at must be a whole hour from 0 to 6'],
    [{ dayStartHour: -1 }, 'Day starts at must be a whole hour from 0 to 6'],
    [{ dayStartHour: 2.5 }, 'Day starts at must be a whole hour from 0 to 6'],
    [{ dayStartHour: '4' }, 'Day starts at must be a whole hour from 0 to 6'],
    [{ timeZone: 'Mars/Olympus' }, 'Time zone must be an IANA zone name such as Europe/Paris'],
    [{ timeZone: 42 }, 'Time zone must be text'],
    [{ timeZoneFromDevice: 'yes' }, 'timeZoneFromDevice must be true or false'],
    [
      { timeZone: 'Asia/Tokyo', timeZoneFromDevice: true },
      'Send either a time zone or timeZoneFromDevice: true, not both',
    ],
  ])('refuses %j with 400 "%s" and changes nothing', async (body, message) => {
    const client = await clientIn('UTC');
    const res = await client.call('PATCH', '/api/auth/user', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(messageOf(res)).toBe(message);
    const user = await client.expect(200, AuthUserSchema, 'GET', '/api/auth/user');
    expect(user).toMatchObject({ timeZone: 'UTC', timeZoneFromDevice: true, dayStartHour: 0 });
  });

  it('keeps a chosen zone whatever the browser sends, until the device may decide again', async () => {
    const client = await clientIn('Europe/Paris');
    const pinned = await client.expect(200, AuthUserSchema, 'PATCH', '/api/auth/user', {
      timeZone: 'Asia/Tokyo',
    });
    expect(pinned).toMatchObject({ timeZone: 'Asia/Tokyo', timeZoneFromDevice: false });
    // Every call still carries x-time-zone: Europe/Paris.
    const read = await client.expect(200, AuthUserSchema, 'GET', '/api/auth/user');
    expect(read.timeZone).toBe('Asia/Tokyo');
    const released = await client.expect(200, AuthUserSchema, 'PATCH', '/api/auth/user', {
      timeZoneFromDevice: true,
    });
    expect(released).toMatchObject({ timeZone: 'Europe/Paris', timeZoneFromDevice: true });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      headers: { origin: 'http://localhost:3000' },
      payload: { dayStartHour: 3 },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('a day that starts at 4:00', () => {
  it('counts a tick at 2 a.m. for the evening before, and turns the day at 4:00 local', async () => {
    const client = await clientIn('America/New_York');
    await client.expect(200, AuthUserSchema, 'PATCH', '/api/auth/user', { dayStartHour: 4 });
    // 22:00 on 9 March in New York (EDT since the 8th).
    now = new Date('2026-03-10T02:00:00Z');
    const habit = await client.createHabit();
    const url = `/api/habits/${habit.id}`;
    await client.expect(200, HabitSchema, 'PATCH', url, { completedToday: true });
    // 02:00 on 10 March: still the 9th's day, already ticked.
    now = new Date('2026-03-10T06:00:00Z');
    let [row] = await client.expect(200, HabitListSchema, 'GET', '/api/habits');
    expect(row).toMatchObject({ completedToday: true, completionCount: 1 });
    const again = await client.expect(200, HabitSchema, 'PATCH', url, { completedToday: true });
    expect(again.completionCount).toBe(1);
    // 04:00 on 10 March: a new day.
    now = new Date('2026-03-10T08:00:00Z');
    [row] = await client.expect(200, HabitListSchema, 'GET', '/api/habits');
    expect(row).toMatchObject({ completedToday: false, completionCount: 1 });
  });

  it('applies to the very next call after the change', async () => {
    // 01:00 UTC: with the day at midnight it is the 10th; with 4:00 it is still the 9th.
    now = new Date('2026-03-10T01:00:00Z');
    const client = await clientIn('UTC');
    const habit = await client.createHabit();
    await client.expect(200, HabitSchema, 'PATCH', `/api/habits/${habit.id}`, { completedToday: true });
    await client.expect(200, AuthUserSchema, 'PATCH', '/api/auth/user', { dayStartHour: 4 });
    const [row] = await client.expect(200, HabitListSchema, 'GET', '/api/habits');
    expect(row?.completedToday).toBe(false);
  });
});
