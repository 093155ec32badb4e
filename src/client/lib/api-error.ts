/**
 * A non-OK answer. The message is `STATUS: body text` (or status text when the body is empty), as the
 * product promises (docs/product.md#error-format); `detail` is the server's own `message`, the words
 * a person is shown (lib/error-text.ts).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly detail?: string,
    /** From Retry-After on 429 and 503: seconds before trying again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
