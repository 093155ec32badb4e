import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { installFakeApi, on } from '../../../testing/fake-api';
import { makeTask } from '../testing/factories';
import { BulkCreateError, createInOrder } from './create-in-order';
import { createTasks } from './create-task';

describe('createInOrder', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A fake POST that records each attempt and fails the attempts listed in `failures` (1-based). */
  function fakeCreate(failures: Record<number, ApiError>) {
    const attempts: string[] = [];
    const create = vi.fn(async (title: string) => {
      attempts.push(title);
      const failure = failures[attempts.length];
      if (failure) throw failure;
      return { id: `id-${title}`, title };
    });
    return { create, attempts };
  }

  it('creates every item once, in order', async () => {
    const { create, attempts } = fakeCreate({});
    await expect(createInOrder(['A', 'B', 'C'], create)).resolves.toEqual([
      { id: 'id-A', title: 'A' },
      { id: 'id-B', title: 'B' },
      { id: 'id-C', title: 'C' },
    ]);
    expect(attempts).toEqual(['A', 'B', 'C']);
  });

  it('retries only the failed POST after a 5xx, once, after 1 s, so nothing is posted twice', async () => {
    const { create, attempts } = fakeCreate({ 2: new ApiError(503, '503: busy') });
    const run = createInOrder(['A', 'B', 'C'], create);
    await vi.advanceTimersByTimeAsync(999);
    expect(attempts).toEqual(['A', 'B']);
    await vi.advanceTimersByTimeAsync(1);
    await expect(run).resolves.toHaveLength(3);
    expect(attempts).toEqual(['A', 'B', 'B', 'C']);
  });

  it('stops at a 4xx without retrying and reports what was saved before it', async () => {
    const refusal = new ApiError(400, '400: {"message":"Title is too long"}');
    const { create, attempts } = fakeCreate({ 2: refusal });
    const error = await createInOrder(['A', 'B', 'C'], create).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BulkCreateError);
    expect((error as BulkCreateError<unknown>).created).toEqual([{ id: 'id-A', title: 'A' }]);
    expect((error as BulkCreateError<unknown>).message).toBe(refusal.message);
    expect((error as BulkCreateError<unknown>).cause).toBe(refusal);
    expect(attempts).toEqual(['A', 'B']);
  });

  it('gives up on a POST that fails twice with a 5xx', async () => {
    const { create, attempts } = fakeCreate({
      1: new ApiError(500, '500: a'),
      2: new ApiError(502, '502: b'),
    });
    const run = createInOrder(['A', 'B'], create).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(1000);
    const error = await run;
    expect(error).toBeInstanceOf(BulkCreateError);
    expect((error as BulkCreateError<unknown>).created).toEqual([]);
    expect(attempts).toEqual(['A', 'A']);
  });

  it('a retried create sends the same client id, so a create whose answer was lost is not made twice', async () => {
    const api = installFakeApi(
      on('POST', '/api/tasks', (request) => {
        // The first answer is lost on the way back (the server did create it).
        if (api.requests.length === 1) return { status: 504, body: { message: 'gateway timeout' } };
        const body = request.body as { id?: string; title: string };
        return { body: { ...makeTask({ title: body.title }), id: body.id } };
      }),
    );
    const run = createTasks([{ title: 'Only once' }]);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(run).resolves.toHaveLength(1);
    const ids = api.requests.map((request) => (request.body as { id?: string }).id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toBe(ids[0]);
  });
});
