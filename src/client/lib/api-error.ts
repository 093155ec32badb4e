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

/** The `message` of an error body `{ message, issues? }`, when the body is one. */
export function serverMessage(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
      return body.message;
    }
  } catch {
    // Not JSON (a proxy's error page, say): there are no words of ours to show.
  }
  return undefined;
}

/** The ApiError of a non-OK answer, from its status, its body's text and its Retry-After seconds. */
export function errorOfAnswer(
  answer: { status: number; statusText: string },
  text: string,
  retryAfterSeconds: number | undefined,
): ApiError {
  const shown = text || answer.statusText;
  return new ApiError(answer.status, `${answer.status}: ${shown}`, serverMessage(shown), retryAfterSeconds);
}
