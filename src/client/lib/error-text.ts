import { ApiError } from './api-error';

export const OFFLINE_TEXT = "You're offline. Check your connection and try again.";
export const UNREACHABLE_TEXT = "Can't reach Stride right now. Check your connection and try again.";
export const SERVER_FAILED_TEXT = 'Something went wrong on our side. Please try again.';

/**
 * What to tell a person about a failed call, in words (docs/product.md#error-format): the server's
 * own message when it sent one, never the status line or the JSON around it.
 */
export function errorText(error: unknown): string {
  // A wrapper (a bulk add that stopped part-way) carries the call's own failure as its cause.
  if (!(error instanceof ApiError) && error instanceof Error && error.cause !== undefined) {
    return errorText(error.cause);
  }
  if (error instanceof ApiError) {
    if (error.detail && error.status !== 500) return error.detail;
    return error.status >= 500 ? SERVER_FAILED_TEXT : error.message;
  }
  // fetch rejects with a TypeError when no answer arrives at all.
  if (error instanceof TypeError) {
    return typeof navigator !== 'undefined' && navigator.onLine === false ? OFFLINE_TEXT : UNREACHABLE_TEXT;
  }
  return 'Please try again.';
}
