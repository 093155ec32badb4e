import { QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';

/** Query data is fresh for 5 minutes (docs/product.md#call-conventions). */
export const STALE_TIME_MS = 5 * 60 * 1000;
const MAX_QUERY_RETRIES = 2;
const MAX_MUTATION_RETRIES = 1;
const RETRY_BASE_MS = 1000;
const RETRY_CAP_MS = 30_000;

function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** Offline, a retry can only fail again: say so now (the connectivity banner says when it is back). */
function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Reads are not retried on 4xx, otherwise up to 2 times (docs/product.md#retries). */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return !isClientError(error) && !isOffline() && failureCount < MAX_QUERY_RETRIES;
}

/** Writes are not retried on 4xx, otherwise once (docs/product.md#retries). */
export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  return !isClientError(error) && !isOffline() && failureCount < MAX_MUTATION_RETRIES;
}

/** Exponential delay from 1 s, capped at 30 s; `attempt` counts from 0 like TanStack's retryDelay. */
export function retryDelay(attempt: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** attempt, RETRY_CAP_MS);
}

/** ['api', 'goals'] → '/api/goals'. Non-string parts (option objects) are not part of the path. */
export function pathFromQueryKey(queryKey: QueryKey): string {
  const parts = queryKey.filter((part): part is string => typeof part === 'string');
  return `/${parts.join('/')}`;
}

/**
 * A generic read GETs the joined key path; a 401 fails like any other error
 * (docs/product.md#call-conventions).
 */
export const defaultQueryFn: QueryFunction = ({ queryKey }) => apiRequest('GET', pathFromQueryKey(queryKey));

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        // Offline, a read fails at once and the screen says so, instead of waiting silently for a
        // network that may not come back (docs/product.md#connectivity).
        networkMode: 'always',
        staleTime: STALE_TIME_MS,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: shouldRetryQuery,
        retryDelay,
      },
      mutations: {
        // A change that cannot be sent says so at once instead of spinning until the network returns.
        networkMode: 'always',
        retry: shouldRetryMutation,
        retryDelay,
      },
    },
  });
}

/** The app's one client; tests build their own with createQueryClient(). */
export const queryClient = createQueryClient();
