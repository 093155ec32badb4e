import { describe, expect, it, vi } from 'vitest';
import { makeTask } from '../features/items/testing/factories';
import { installFakeApi, on } from './fake-api';

const ID = '11111111-1111-4111-8111-111111111111';

/** What the fake reported while answering `path` with `reply` (the test's console.error stays clean). */
async function reported(method: string, path: string, reply: Parameters<typeof on>[2]): Promise<string[]> {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  installFakeApi(on(method, path, reply));
  await fetch(path, { method });
  return errors.mock.calls.map((call) => String(call[0]));
}

describe('the fake API answers only what the contract allows', () => {
  it('lets through what the server could answer', async () => {
    expect(await reported('PATCH', `/api/tasks/${ID}`, () => ({ body: makeTask({ id: ID }) }))).toEqual([]);
    expect(await reported('POST', '/api/today/reorder', () => ({ status: 204 }))).toEqual([]);
    expect(await reported('POST', '/api/tasks', () => ({ status: 201, body: makeTask() }))).toEqual([]);
    expect(await reported('GET', '/api/today', () => ({ status: 503, body: { message: 'Down' } }))).toEqual(
      [],
    );
    // A proxy's page is not the server's answer.
    expect(await reported('GET', '/api/today', () => new Response('Bad gateway', { status: 502 }))).toEqual(
      [],
    );
  });

  it.each([
    ['a field of the wrong type', () => ({ body: { ...makeTask({ id: ID }), completed: 'yes' } })],
    ['a field the schema does not have', () => ({ body: { ...makeTask({ id: ID }), goal: null } })],
    ['a field missing', () => ({ body: { id: ID, title: 'Run' } })],
    ['a status the call never answers', () => ({ status: 204 })],
    ['an error without its message', () => ({ status: 404, body: {} })],
  ])('reports %s', async (_what, reply) => {
    const errors = await reported('PATCH', `/api/tasks/${ID}`, reply);
    expect(errors).toEqual([
      expect.stringContaining(`the fake answer to PATCH /api/tasks/${ID} breaks the contract`),
    ]);
  });

  it('reports an answer to a call the contract does not have', async () => {
    expect(await reported('GET', '/api/nothing', () => ({ body: {} }))).toEqual([
      'the fake answer to GET /api/nothing breaks the contract: the contract has no such call',
    ]);
  });
});
