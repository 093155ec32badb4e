import type { z } from 'zod';
import { TIME_ZONE_HEADER } from '../../shared/api/wire-names';

/** A non-OK answer. The message is `STATUS: body text` (or status text when the body is empty), SPEC §8. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * The one fetch wrapper: sends credentials and the browser's time zone, sends JSON only when a body
 * is given, raises ApiError on non-OK answers, and parses the answer with the shared schema when one
 * is given so the client's types come from src/shared.
 */
export async function apiRequest<S extends z.ZodType>(
  method: Method,
  path: string,
  options: { body?: unknown; schema?: S } = {},
): Promise<z.infer<S>> {
  const headers: Record<string, string> = {};
  const zone = browserTimeZone();
  if (zone) headers[TIME_ZONE_HEADER] = zone;
  const init: RequestInit = { method, credentials: 'include', headers };
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  const response = await fetch(path, init);
  if (!response.ok) {
    const text = (await response.text()) || response.statusText;
    throw new ApiError(response.status, `${response.status}: ${text}`);
  }
  if (response.status === 204) return undefined as z.infer<S>;
  const data: unknown = await response.json();
  return options.schema ? options.schema.parse(data) : (data as z.infer<S>);
}
