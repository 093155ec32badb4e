import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../factories';
import { ApiClient } from './helpers/api';
import { loginAs } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * A create whose answer was lost is sent again by the client with the same id: it must answer the
 * item made the first time, never a second one; and one person's ids never touch another's items.
 */

let t: TestApp;
let alice: ApiClient;
let bob: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  alice = new ApiClient(t.app, (await loginAs(t.db, { email: uniqueEmail('alice') })).headers);
  bob = new ApiClient(t.app, (await loginAs(t.db, { email: uniqueEmail('bob') })).headers);
});
afterAll(() => t.close());

describe.each([
  ['goals', { title: 'Run a marathon' }],
  ['tasks', { title: 'Buy shoes', isToday: true }],
  ['habits', { title: 'Stretch', isToday: true }],
])('POST /api/%s with a client id', (kind, body) => {
  it('answers 201 the first time and 200 with the same item after, creating one', async () => {
    const id = randomUUID();
    const first = await alice.call('POST', `/api/${kind}`, { ...body, id });
    expect(first.statusCode).toBe(201);
    const again = await alice.call('POST', `/api/${kind}`, { ...body, id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const list = (await alice.call('GET', `/api/${kind}`)).json() as Array<{ id: string }>;
    expect(list.filter((item) => item.id === id)).toHaveLength(1);
  });

  it('the same id from two people makes two separate items, each their own', async () => {
    const id = randomUUID();
    const mine = await alice.call('POST', `/api/${kind}`, { ...body, title: 'Alice’s', id });
    const theirs = await bob.call('POST', `/api/${kind}`, { ...body, title: 'Bob’s', id });
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect((theirs.json() as { title: string }).title).toBe('Bob’s');
    expect((mine.json() as { title: string }).title).toBe('Alice’s');
  });

  it('many copies of one create sent at once still make one item', async () => {
    const id = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => alice.call('POST', `/api/${kind}`, { ...body, id })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const list = (await alice.call('GET', `/api/${kind}`)).json() as Array<{ id: string }>;
    expect(list.filter((item) => item.id === id)).toHaveLength(1);
  });
});
