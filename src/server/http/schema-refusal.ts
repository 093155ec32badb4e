import type { ErrorBody } from '#shared/api/common';

type Issues = NonNullable<ErrorBody['issues']>;

/**
 * How a request that fails its schema is answered (docs/decisions/004-input-limits.md): the first
 * issue's message, and every issue by its dotted path. A body that fails at its root (missing, or not
 * an object) is told what the API expects instead.
 */
export function schemaRefusal(issues: Issues, part: string | undefined): { message: string; issues: Issues } {
  const first = issues[0];
  let message = first?.message ?? 'Invalid request';
  if (part === 'body' && first?.path === '') message = 'Request body must be a JSON object';
  return { message, issues };
}
