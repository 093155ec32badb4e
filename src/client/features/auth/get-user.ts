import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AuthUser, AuthUserSchema } from '../../../shared/api/auth';
import { ApiError, apiRequest } from '../../lib/api-client';

export const userQueryKey = ['api', 'auth', 'user'] as const;

/** GET /api/auth/user; a 401 is the normal "signed out" answer, so it resolves to null instead of failing. */
export async function getUser(): Promise<AuthUser | null> {
  try {
    return await apiRequest('GET', '/api/auth/user', { schema: AuthUserSchema });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** SPEC §7: the current-user call is not retried on failure. */
export const userQueryOptions = queryOptions({ queryKey: userQueryKey, queryFn: getUser, retry: false });

export type AuthState =
  | { status: 'loading'; user: undefined }
  | { status: 'signed-out'; user: undefined }
  | { status: 'signed-in'; user: AuthUser };

/**
 * SPEC §4/§6: loading, signed out, signed in. Signed in means the call returned a user; any failure
 * (401 or otherwise) counts as signed out, because the spec has no third "unknown" state.
 */
export function useUser(): AuthState {
  const query = useQuery(userQueryOptions);
  if (query.isPending) return { status: 'loading', user: undefined };
  if (query.data) return { status: 'signed-in', user: query.data };
  return { status: 'signed-out', user: undefined };
}
