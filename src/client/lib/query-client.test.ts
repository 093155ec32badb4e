import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import {
  createQueryClient,
  pathFromQueryKey,
  retryDelay,
  STALE_TIME_MS,
  shouldRetryMutation,
  shouldRetryQuery,
} from './query-client';

describe('query client rules (docs/product.md#call-conventions, docs/product.md#retries)', () => {
  it.each([
    [0, new ApiError(500, '500: boom'), true],
    [1, new ApiError(503, '503: busy'), true],
    [2, new ApiError(500, '500: boom'), false],
    [0, new ApiError(401, '401: Not signed in'), false],
    [0, new ApiError(404, '404: missing'), false],
    [0, new TypeError('Failed to fetch'), true],
  ])('query retry after %i failures of %s: %s', (count, error, expected) => {
    expect(shouldRetryQuery(count, error)).toBe(expected);
  });

  it.each([
    [0, new ApiError(500, '500: boom'), true],
    [1, new ApiError(500, '500: boom'), false],
    [0, new ApiError(400, '400: bad'), false],
  ])('mutation retry after %i failures of %s: %s', (count, error, expected) => {
    expect(shouldRetryMutation(count, error)).toBe(expected);
  });

  it('delays from 1 s, doubling, capped at 30 s', () => {
    expect([0, 1, 2, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 16_000, 30_000, 30_000]);
  });

  it('joins the string parts of a key into the path', () => {
    expect(pathFromQueryKey(['api', 'auth', 'user'])).toBe('/api/auth/user');
    expect(pathFromQueryKey(['api', 'goals', { showArchived: true }])).toBe('/api/goals');
  });

  it('wires the rules into the app client: fresh 5 minutes, no focus refetch, no polling', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(STALE_TIME_MS).toBe(300_000);
    expect(queries).toMatchObject({
      staleTime: STALE_TIME_MS,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: shouldRetryQuery,
      retryDelay,
    });
    expect(mutations).toMatchObject({ retry: shouldRetryMutation, retryDelay });
  });
});
