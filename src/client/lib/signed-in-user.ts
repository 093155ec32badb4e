import type { QueryClient, QueryKey } from '@tanstack/react-query';

/*
 * Who is signed in, as what this device keeps needs to know it (lib/offline-cache.ts, lib/outbox.ts):
 * the user call's answer (features/auth/get-user.ts), read from the query cache so that lib needs no
 * feature. A kept copy or a kept change belongs to one person (docs/decisions/018-installable-app.md).
 */

export const USER_QUERY_KEY = ['api', 'auth', 'user'] as const;

export function isUserQuery(queryKey: QueryKey): boolean {
  return (
    queryKey.length === USER_QUERY_KEY.length && USER_QUERY_KEY.every((part, at) => queryKey[at] === part)
  );
}

/** The id in a user call's answer; undefined for null (signed out). */
export function userIdOf(answer: unknown): string | undefined {
  return typeof answer === 'object' && answer !== null && 'id' in answer && typeof answer.id === 'string'
    ? answer.id
    : undefined;
}

/** The person the screens show: the user call's last answer, or a saved copy's (offline). */
export function shownUserId(queryClient: QueryClient): string | undefined {
  return userIdOf(queryClient.getQueryData(USER_QUERY_KEY));
}
