import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalendarFeedSchema } from '#shared/api/calendar';
import { TaskSchema } from '#shared/api/tasks';
import { uniqueEmail } from '../factories';
import { ApiClient, messageOf } from './helpers/api';
import { loginAs } from './helpers/login';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from './helpers/test-app';

/*
 * The calendar feed (docs/product.md#calendar-feed), read back by a real iCalendar parser (ical.js):
 * a secret address without a cookie, all-day and timed events in the person's zone, repeats as RRULE
 * across a daylight-saving change, ETag and 304, a new address revoking the old, and the per-address
 * limit answered as every limit is.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: true, env: { RATE_LIMIT_CALENDAR_FEED: '4' } });
});
afterAll(() => t.close());

async function signedIn(timeZone = 'Europe/Paris') {
  const { headers } = await loginAs(t.db, { email: uniqueEmail(), timeZone });
  return new ApiClient(t.app, headers);
}

/** The feed's path, from the address POST answers. */
async function newFeed(client: ApiClient): Promise<string> {
  const { url } = await client.expect(201, CalendarFeedSchema, 'POST', '/api/calendar/feed');
  expect(url.startsWith(`${TEST_PUBLIC_URL}/api/calendar/`)).toBe(true);
  expect(url).toMatch(/\/[A-Za-z0-9_-]{43}\.ics$/);
  return url.slice(TEST_PUBLIC_URL.length);
}

/** A plain GET with no cookie, as a calendar sends it. */
const read = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: path, headers });

/** The feed's events, by summary, with their zones registered so ical.js reads true instants. */
function eventsOf(text: string): Map<string, ICAL.Event> {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  }
  const events = new Map<string, ICAL.Event>();
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component);
    events.set(event.summary, event);
  }
  return events;
}

/** The first `count` starts of an event, as UTC instants (ISO) or dates for all-day events. */
function startsOf(event: ICAL.Event, count: number): string[] {
  const iterator = event.iterator();
  const starts: string[] = [];
  for (let next = iterator.next(); next && starts.length < count; next = iterator.next()) {
    starts.push(next.isDate ? next.toString() : next.toJSDate().toISOString());
  }
  return starts;
}

describe('the calendar feed', () => {
  it('serves planned tasks at its secret address without a cookie: all-day, timed in the zone, repeats', async () => {
    const client = await signedIn('Europe/Paris');
    const goal = await client.createGoal({ title: 'Health' });
    await client.createTask({ title: 'Dentist', plannedFor: '2027-02-03', goalId: goal.id });
    await client.createTask({ title: 'Call mum', plannedFor: '2027-02-04', remindAt: '18:30' });
    await client.createTask({
      title: 'Yoga',
      plannedFor: '2027-03-22',
      repeat: 'FREQ=WEEKLY;BYDAY=MO;COUNT=3',
      remindAt: '07:30',
    });
    await client.createTask({ title: 'Bins', plannedFor: '2027-03-01', repeat: 'FREQ=MONTHLY;BYMONTHDAY=1' });
    await client.createTask({ title: 'Someday' });
    const done = await client.createTask({ title: 'Done already', plannedFor: '2027-02-05' });
    await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${done.id}`, { completed: true });
    const stranger = await signedIn();
    await stranger.createTask({ title: 'Not mine', plannedFor: '2027-02-03' });
    await newFeed(stranger);

    const res = await read(await newFeed(client));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const events = eventsOf(res.body);
    expect([...events.keys()].sort()).toEqual(['Bins', 'Call mum', 'Dentist', 'Yoga']);

    const dentist = events.get('Dentist');
    expect(dentist?.startDate.isDate).toBe(true);
    expect(dentist?.startDate.toString()).toBe('2027-02-03');
    expect(dentist?.description).toBe('Goal: Health');
    expect(dentist?.isRecurring()).toBe(false);

    // 18:30 in Paris in winter is 17:30 UTC, read through the feed's own VTIMEZONE.
    const call = events.get('Call mum');
    expect(call?.startDate.zone?.tzid).toBe('Europe/Paris');
    expect(call?.startDate.toJSDate().toISOString()).toBe('2027-02-04T17:30:00.000Z');

    // Mondays at 07:30 Paris time, three of them, across the change to summer time on 28 March.
    const yoga = events.get('Yoga');
    expect(yoga?.isRecurring()).toBe(true);
    expect(startsOf(yoga as ICAL.Event, 10)).toEqual([
      '2027-03-22T06:30:00.000Z',
      '2027-03-29T05:30:00.000Z',
      '2027-04-05T05:30:00.000Z',
    ]);
    expect(startsOf(events.get('Bins') as ICAL.Event, 3)).toEqual(['2027-03-01', '2027-04-01', '2027-05-01']);
  });

  it('gives each event its task’s labels as CATEGORIES, and an edit of them reaches the feed', async () => {
    const client = await signedIn('Europe/Paris');
    const errands = await client.createTask({
      title: 'Post office',
      plannedFor: '2027-02-03',
      labels: ['errands', 'Café', 'city-centre'],
    });
    await client.createTask({
      title: 'Call mum',
      plannedFor: '2027-02-04',
      remindAt: '18:30',
      labels: ['calls'],
    });
    await client.createTask({ title: 'Bare', plannedFor: '2027-02-05' });
    // Moved off its rule: the day apart and the rule's days after it are two events, both labelled.
    const moved = await client.createTask({
      title: 'Yoga',
      plannedFor: '2027-03-22',
      repeat: 'FREQ=WEEKLY;BYDAY=MO',
      labels: ['health'],
    });
    await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${moved.id}`, { plannedFor: '2027-03-24' });
    const path = await newFeed(client);
    const first = await read(path);
    expect(first.statusCode, first.body).toBe(200);
    const categoriesOf = (event: ICAL.Event | undefined) =>
      event?.component.getAllProperties('categories').flatMap((property) => property.getValues()) ?? [];
    const events = eventsOf(first.body);
    expect(categoriesOf(events.get('Post office'))).toEqual(['errands', 'Café', 'city-centre']);
    expect(categoriesOf(events.get('Call mum'))).toEqual(['calls']);
    expect(categoriesOf(events.get('Bare'))).toEqual([]);
    const yoga = first.body.split('BEGIN:VEVENT').filter((event) => event.includes('SUMMARY:Yoga'));
    expect(yoga).toHaveLength(2);
    for (const event of yoga) expect(event).toContain('\r\nCATEGORIES:health\r\n');

    await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${errands.id}`, { labels: ['stamps'] });
    const second = await read(path);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    expect(categoriesOf(eventsOf(second.body).get('Post office'))).toEqual(['stamps']);
  });

  it('counts a repeat from its current day: a done occurrence is not in the feed again', async () => {
    const client = await signedIn('America/New_York');
    const task = await client.createTask({
      title: 'Stand-up',
      plannedFor: '2027-01-04',
      repeat: 'FREQ=DAILY;COUNT=3',
      remindAt: '09:00',
    });
    const path = await newFeed(client);
    await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, { plannedFor: '2027-01-05' });
    const events = eventsOf((await read(path)).body);
    expect(startsOf(events.get('Stand-up') as ICAL.Event, 5)).toEqual([
      '2027-01-05T14:00:00.000Z',
      '2027-01-06T14:00:00.000Z',
    ]);
  });

  it('answers 304 to a calendar that has the same text, and 200 with a new ETag once the plan changes', async () => {
    const client = await signedIn();
    const task = await client.createTask({ title: 'Pack', plannedFor: '2027-06-01' });
    const path = await newFeed(client);
    const first = await read(path);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect((await read(path)).body).toBe(first.body);

    const same = await read(path, { 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');

    await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, { title: 'Pack the bags' });
    const changed = await read(path, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect([...eventsOf(changed.body).keys()]).toEqual(['Pack the bags']);
  });

  it('makes a new address that revokes the old one, and DELETE revokes it', async () => {
    const client = await signedIn();
    const old = await newFeed(client);
    expect((await read(old)).statusCode).toBe(200);
    const current = await newFeed(client);
    expect(current).not.toBe(old);
    const gone = await read(old);
    expect(gone.statusCode).toBe(404);
    expect(messageOf(gone)).toBe('Calendar not found');
    expect((await read(current)).statusCode).toBe(200);

    const revoked = await client.call('DELETE', '/api/calendar/feed');
    expect(revoked.statusCode).toBe(204);
    expect((await read(current)).statusCode).toBe(404);
  });

  it('needs a session to make or revoke an address, and answers 404 for any other address', async () => {
    const make = await t.app.inject({
      method: 'POST',
      url: '/api/calendar/feed',
      headers: { origin: TEST_PUBLIC_URL },
    });
    expect(make.statusCode).toBe(401);
    expect((await read(`/api/calendar/${'A'.repeat(43)}.ics`)).statusCode).toBe(404);
    expect((await read('/api/calendar/not-a-token.ics')).statusCode).toBe(404);
  });

  it('limits reads of one address with 429, Retry-After and a message, and no other address', async () => {
    const client = await signedIn();
    const path = await newFeed(client);
    const other = await newFeed(await signedIn());
    for (let i = 0; i < 4; i++) expect((await read(path)).statusCode).toBe(200);
    const limited = await read(path);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(messageOf(limited)).toMatch(
      /^This calendar address is read too often\. Wait \d+ seconds and try again\.$/,
    );
    expect((await read(other)).statusCode).toBe(200);
  });
});
