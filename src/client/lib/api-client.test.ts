import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { always, type FakeApi, installFakeApi } from '../testing/fake-api';
import { apiRequest } from './api-client';
import { resetConnectivity } from './connectivity';
import { startEarlyRequests } from './early-requests';

describe('early requests (docs/decisions/013-api-cost.md)', () => {
  let api: FakeApi;
  const asked = () => api.paths();
  beforeEach(() => {
    vi.useFakeTimers();
    api = installFakeApi(always(() => ({ body: { n: api.requests.length } })));
  });
  afterEach(() => {
    resetConnectivity();
  });

  it('hands an early answer to the first GET of the same path only, and asks afresh after', async () => {
    startEarlyRequests(['/api/today']);
    expect(asked()).toEqual(['/api/today']);
    expect(await apiRequest('GET', '/api/today')).toEqual({ n: 1 });
    expect(asked()).toEqual(['/api/today']);
    expect(await apiRequest('GET', '/api/today')).toEqual({ n: 2 });
    expect(asked()).toEqual(['/api/today', '/api/today']);
  });

  it('never gives an early answer to another path or method, nor one left unclaimed too long', async () => {
    startEarlyRequests(['/api/tasks', '/api/habits']);
    await apiRequest('POST', '/api/tasks', { body: { title: 'x' } });
    expect(asked()).toEqual(['/api/tasks', '/api/habits', '/api/tasks']);
    await vi.advanceTimersByTimeAsync(10_001);
    expect(await apiRequest('GET', '/api/habits')).toEqual({ n: 4 });
  });

  it('reports an early request that failed as the failure of the call that takes it', async () => {
    installFakeApi(always(() => ({ status: 401, body: { message: 'Not signed in' } })));
    startEarlyRequests(['/api/auth/user']);
    await expect(apiRequest('GET', '/api/auth/user')).rejects.toMatchObject({ status: 401 });
  });
});
