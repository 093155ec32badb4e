import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpcomingSchema } from '#shared/api/upcoming';
import { addDays } from '#shared/domain/days';
import { keptAnswers } from '../../src/server/modules/today/kept-answers';
import { readPlanned } from '../../src/server/modules/upcoming/upcoming.repo';
import { getUpcoming } from '../../src/server/modules/upcoming/upcoming.service';
import { uniqueEmail } from '../factories';
import { ApiClient, sameKeptAndFresh } from './helpers/api';
import { loginAs, personIn } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * GET /api/upcoming sends the answer an instance kept for a person and range while the rows it was
 * built from stand, as Today does (docs/decisions/026-planning-screens.md): after any write, made through
 * this instance or another, the answer sent is the one built afresh.
 */

const now = new Date('2026-11-25T15:00:00Z'); // Wednesday 25 November
const today = '2026-11-25';
let t: TestApp;
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  other = await t.anotherInstance();
});
afterAll(() => t.close());

const RANGE = `?from=${today}&to=${addDays(today, 13)}`;

/** Upcoming as each instance sends it, kept or built afresh. */
const upcomingEverywhere = (headers: Record<string, string>) =>
  sameKeptAndFresh([t.app, other], `/api/upcoming${RANGE}`, UpcomingSchema, headers);

async function signedIn() {
  const { user, headers } = await loginAs(t.db, { email: uniqueEmail(), timeZone: 'UTC', now });
  return { user, client: new ApiClient(t.app, headers) };
}

function expectWritten(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBeLessThan(300);
}

describe("Upcoming's kept answer", () => {
  it('is the answer built afresh after every kind of write, made on this instance or another', async () => {
    const here = await personIn(t, 'UTC', now);
    const there = new ApiClient(other, here.headers);
    const goal = await here.createGoal({ title: 'Home', color: 'teal' });
    const rent = await here.createTask({ title: 'Pay rent', goalId: goal.id, plannedFor: addDays(today, 2) });
    const later = await here.createTask({ title: 'Passport', plannedFor: addDays(today, 40) });
    const bins = await here.createTask({ title: 'Bins', repeat: 'FREQ=WEEKLY;BYDAY=WE' });
    const swim = await here.createHabit({ title: 'Swim', isToday: true, timesPerWeek: 2 });
    // Made on Monday, so that this week's earlier days can be ticked.
    await t.db.execute(sql`update habits set created_at = '2026-11-23T08:00:00Z' where id = ${swim.id}`);

    const steps: Array<[string, () => Promise<LightMyRequestResponse>]> = [
      [
        'move a task to another day',
        () => there.call('PATCH', `/api/tasks/${rent.id}`, { plannedFor: today }),
      ],
      [
        'bring a task from beyond the range into it',
        () => here.call('PATCH', `/api/tasks/${later.id}`, { plannedFor: addDays(today, 5) }),
      ],
      ['do a repeating task', () => there.call('PATCH', `/api/tasks/${bins.id}`, { completed: true })],
      ['undo it', () => here.call('PATCH', `/api/tasks/${bins.id}`, { completed: false })],
      ['tick a habit', () => here.call('PATCH', `/api/habits/${swim.id}`, { completedToday: true })],
      [
        'tick it for an earlier day of the week',
        () => there.call('PUT', `/api/habits/${swim.id}/completions/${addDays(today, -1)}`),
      ],
      ['rename the goal', () => here.call('PATCH', `/api/goals/${goal.id}`, { title: 'Flat' })],
      ['take the habit off Today', () => there.call('PATCH', `/api/habits/${swim.id}`, { isToday: false })],
      ['delete a task', () => here.call('DELETE', `/api/tasks/${later.id}`)],
    ];
    let before = await upcomingEverywhere(here.headers);
    for (const [what, write] of steps) {
      expectWritten(await write());
      const after = await upcomingEverywhere(here.headers);
      expect(after, `Upcoming did not change: ${what}`).not.toEqual(before);
      before = after;
    }
  });

  it('is sent again without reading the lists while its rows stand; a change to one of them reads them', async () => {
    const { user, client } = await signedIn();
    const soon = await client.createTask({ title: 'Dentist', plannedFor: addDays(today, 3) });
    const beyond = await client.createTask({ title: 'Tax return', plannedFor: addDays(today, 50) });
    const to = addDays(today, 13);
    const first = await readPlanned(t.db, user.id, today, to);
    expect(first.planned?.tasks.map(({ task }) => task.title)).toEqual(['Dentist']);
    expect(await readPlanned(t.db, user.id, today, to, first.version)).toEqual({ version: first.version });
    // A task beyond the range is not among its rows.
    expectWritten(await client.call('PATCH', `/api/tasks/${beyond.id}`, { title: 'Taxes' }));
    expect(await readPlanned(t.db, user.id, today, to, first.version)).toEqual({ version: first.version });
    expectWritten(await client.call('PATCH', `/api/tasks/${soon.id}`, { title: 'Dentist at 9' }));
    const reread = await readPlanned(t.db, user.id, today, to, first.version);
    expect(reread.version).not.toBe(first.version);
    expect(reread.planned?.tasks.map(({ task }) => task.title)).toEqual(['Dentist at 9']);
  });

  it('is kept per range and day, and not used when the request asks for no cache', async () => {
    const { user, client } = await signedIn();
    await client.createTask({ title: 'Real', plannedFor: today });
    const userId = user.id;
    const kept = keptAnswers();
    const range = { from: today, to: addDays(today, 13) };
    const built = await getUpcoming(t.db, kept, userId, today, range);
    expect(UpcomingSchema.parse(JSON.parse(built)).days[0]?.tasks[0]?.title).toBe('Real');
    const key = `${userId} ${range.from} ${range.to}`;
    const entry = kept.find(key, today);
    if (!entry) throw new Error('nothing kept');
    kept.keep(key, { ...entry, body: 'kept' });
    expect(await getUpcoming(t.db, kept, userId, today, range)).toBe('kept');
    // Another range, another day, or no cache: built.
    expect(await getUpcoming(t.db, kept, userId, today, { from: today, to: addDays(today, 6) })).not.toBe(
      'kept',
    );
    expect(await getUpcoming(t.db, kept, userId, addDays(today, 1), range)).not.toBe('kept');
    expect(await getUpcoming(t.db, kept, userId, today, range, true)).toBe(built);
  });
});
