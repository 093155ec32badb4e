import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_GOALS, MAX_HABITS, MAX_TASKS } from '#shared/api/common';
import { goals, habits, tasks } from '../../src/server/db/schema';
import { uniqueEmail } from '../factories';
import { ApiClient, messageOf } from './helpers/api';
import { loginAs } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Count limits (docs/decisions/011-abuse-limits.md): a full account answers 409 with a message that
 * says what to do, creates nothing, and everything else (edits, deletes, other people) goes on.
 * The rows are written straight into the database: 10,000 creates through the API would only slow
 * the suite.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function fill<T>(table: typeof goals | typeof tasks | typeof habits, rows: T[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) {
    await t.db.insert(table).values(rows.slice(start, start + 1000) as never);
  }
}

describe('count limits', () => {
  it(`refuses task number ${MAX_TASKS + 1} with 409 and a way out`, async () => {
    const { user, headers } = await loginAs(t.db, { email: uniqueEmail() });
    await fill(
      tasks,
      Array.from({ length: MAX_TASKS }, (_, i) => ({ userId: user.id, title: `T${i}`, sortOrder: i })),
    );
    const client = new ApiClient(t.app, headers);
    const res = await client.call('POST', '/api/tasks', { title: 'One more' });
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toBe(
      'You have reached the limit of 10,000 tasks. Clear completed tasks or delete some to add more.',
    );
    // Editing and deleting still work, and a delete makes room.
    const [first] = (await client.call('GET', '/api/tasks?goalId=none')).json() as Array<{ id: string }>;
    expect((await client.call('PATCH', `/api/tasks/${first?.id}`, { title: 'Renamed' })).statusCode).toBe(
      200,
    );
    expect((await client.call('DELETE', `/api/tasks/${first?.id}`)).statusCode).toBe(204);
    expect((await client.call('POST', '/api/tasks', { title: 'Now it fits' })).statusCode).toBe(201);
    // Someone else is not affected.
    const other = new ApiClient(t.app, (await loginAs(t.db, { email: uniqueEmail() })).headers);
    expect((await other.call('POST', '/api/tasks', { title: 'Mine' })).statusCode).toBe(201);
  });

  it(`refuses goal number ${MAX_GOALS + 1}`, async () => {
    const { user, headers } = await loginAs(t.db, { email: uniqueEmail() });
    await fill(
      goals,
      Array.from({ length: MAX_GOALS }, (_, i) => ({ userId: user.id, title: `G${i}`, sortOrder: i })),
    );
    const res = await new ApiClient(t.app, headers).call('POST', '/api/goals', { title: 'One more' });
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toBe(
      'You have reached the limit of 500 goals. Delete goals you no longer need to add more.',
    );
  });

  it(`refuses habit number ${MAX_HABITS + 1}`, async () => {
    const { user, headers } = await loginAs(t.db, { email: uniqueEmail() });
    await fill(
      habits,
      Array.from({ length: MAX_HABITS }, (_, i) => ({ userId: user.id, title: `H${i}`, sortOrder: i })),
    );
    const res = await new ApiClient(t.app, headers).call('POST', '/api/habits', { title: 'One more' });
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toBe(
      'You have reached the limit of 200 habits. Delete habits you no longer track to add more.',
    );
  });
});
