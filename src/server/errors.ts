import type { ErrorBody } from '#shared/api/common';

export type HttpErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503;

/** The one error type services throw; the error handler turns it into `{ message, issues? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: HttpErrorStatus,
    message: string,
    readonly issues?: ErrorBody['issues'],
    /** Seconds a client should wait before trying again (429, 503): sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, issues?: ErrorBody['issues']) =>
  new HttpError(400, message, issues);

export const notSignedIn = () => new HttpError(401, 'Not signed in');

export const notFound = (what: 'Goal' | 'Task' | 'Habit' | 'Session' | 'Checklist item' | 'Label') =>
  new HttpError(404, `${what} not found`);

/** A count limit (docs/decisions/011-abuse-limits.md): the request is fine, the account is full. */
export const quotaReached = (message: string) => new HttpError(409, message);

export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, retryAfterSeconds);

export const serviceUnavailable = (message: string, retryAfterSeconds: number) =>
  new HttpError(503, message, undefined, retryAfterSeconds);
