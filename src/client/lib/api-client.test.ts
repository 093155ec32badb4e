import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeHabit, makeTask } from '../features/items/testing/factories';
import { always, type FakeApi, installFakeApi, on } from '../testing/fake-api';
import { apiRequest } from './api-client';
import { resetConnectivity } from './connectivity';
import { startEarlyRequests } from './early-requests';

describe('early requests (docs/decisions/013-api-cost.md)', () => {
  let api: FakeApi;
  const asked = () => api.paths();
  beforeEach(() => {
    vi.useFakeTimers();
    // Each answer names how many requests the fake had had: which request a call got is plain.
    const nth = () => [makeHabit({ title: `answer ${api.requests.length}` })];
    api = installFakeApi(
      on('GET', '/api/today', () => ({ body: { tasks: [], habits: nth() } })),
      on('GET', '/api/habits', () => ({ body: nth() })),
      on('GET', '/api/tasks', () => ({ body: [makeTask({ title: `answer ${api.requests.length}` })] })),
      on('POST', '/api/tasks', () => ({ status: 201, body: makeTask({ title: 'x' }) })),
    );
  });
  afterEach(() => {
    resetConnectivity();
  });

  it('hands an early answer to the first GET of the same path only, and asks afresh after', async () => {
    startEarlyRequests(['/api/today']);
    expect(asked()).toEqual(['/api/today']);
    expect(await apiRequest('GET', '/api/today')).toMatchObject({ habits: [{ title: 'answer 1' }] });
    expect(asked()).toEqual(['/api/today']);
    expect(await apiRequest('GET', '/api/today')).toMatchObject({ habits: [{ title: 'answer 2' }] });
    expect(asked()).toEqual(['/api/today', '/api/today']);
  });

  it('never gives an early answer to another path or method, nor one left unclaimed too long', async () => {
    startEarlyRequests(['/api/tasks', '/api/habits']);
    await apiRequest('POST', '/api/tasks', { body: { title: 'x' } });
    expect(asked()).toEqual(['/api/tasks', '/api/habits', '/api/tasks']);
    await vi.advanceTimersByTimeAsync(10_001);
    expect(await apiRequest('GET', '/api/habits')).toMatchObject([{ title: 'answer 4' }]);
  });

  it('reports an early request that failed as the failure of the call that takes it', async () => {
    installFakeApi(always(() => ({ status: 401, body: { message: 'Not signed in' } })));
    startEarlyRequests(['/api/auth/user']);
    await expect(apiRequest('GET', '/api/auth/user')).rejects.toMatchObject({ status: 401 });
  });
});
