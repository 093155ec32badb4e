import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { always, type FakeApi, installFakeApi } from '../../testing/fake-api';
import { getUser } from './get-user';

const ada = {
  id: '7d4f1c0e-5b8a-4c1e-9f3a-2b6d8e0a1c45',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  firstName: 'Ada',
  picture: null,
  timeZone: 'Europe/London',
  timeZoneFromDevice: true,
  dayStartHour: 0,
};

describe('getUser (docs/product.md#sign-in-state)', () => {
  let answer: () => Response;
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi(always(() => answer()));
  });

  it('resolves to null on 401, the signed-out answer', async () => {
    answer = () => new Response('{"message":"Not signed in"}', { status: 401 });
    await expect(getUser()).resolves.toBeNull();
    expect(api.paths()).toEqual(['/api/auth/user']);
  });

  // The answer's shape is the server's to keep (tests/server/answer-shapes.test.ts): the client trusts
  // its type and carries no schema (docs/decisions/010-first-load-weight.md).
  it('returns the user a 200 carries', async () => {
    answer = () => Response.json(ada);
    await expect(getUser()).resolves.toEqual(ada);
  });

  it('passes any other failure on as an ApiError', async () => {
    answer = () => new Response('boom', { status: 500 });
    const failure = getUser();
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow('500: boom');
  });
});
