import type { ErrorBody } from '../shared/api/common';

/** The one error type services throw; the error handler turns it into `{ message, issues? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 500 | 503,
    message: string,
    readonly issues?: ErrorBody['issues'],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, issues?: ErrorBody['issues']) =>
  new HttpError(400, message, issues);

export const notSignedIn = () => new HttpError(401, 'Not signed in');

export const notFound = (what: 'Goal' | 'Task' | 'Habit') => new HttpError(404, `${what} not found`);
