import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { AuthUser } from '#shared/api/auth';
import { api } from '#shared/api/contract';
import { callApi } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { USER_QUERY_KEY } from '../../lib/signed-in-user';

export const userQueryKey = USER_QUERY_KEY;

/** GET /api/auth/user; a 401 is the normal "signed out" answer, so it resolves to null instead of failing. */
export async function getUser(): Promise<AuthUser | null> {
  try {
    return await callApi(api.auth.user);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The current-user call is not retried on failure (docs/product.md#retries). */
export const userQueryOptions = queryOptions({ queryKey: userQueryKey, queryFn: getUser, retry: false });

export type AuthState =
  | { status: 'loading'; user: undefined }
  | { status: 'signed-out'; user: undefined }
  | { status: 'signed-in'; user: AuthUser };

/**
 * Loading, signed out, signed in (docs/product.md#sign-in-state). Signed in means the call returned a user;
 * any failure (401 or otherwise) counts as signed out: there is no third "unknown" state
 * (docs/decisions/006-client-stack.md).
 */
export function useUser(): AuthState {
  const { isPending, data } = useQuery(userQueryOptions);
  // The same object while the answer is the same, so that a caller can defer it (app/router.tsx).
  return useMemo(() => {
    if (isPending) return { status: 'loading', user: undefined };
    if (data) return { status: 'signed-in', user: data };
    return { status: 'signed-out', user: undefined };
  }, [isPending, data]);
}
