import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { errorText, OFFLINE_TEXT, SERVER_FAILED_TEXT, UNREACHABLE_TEXT } from './error-text';

describe('errorText', () => {
  it('shows the server’s own words, never the status line or the JSON', () => {
    const error = new ApiError(
      400,
      '400: {"message":"Description must be at most 2000 characters"}',
      'Description must be at most 2000 characters',
    );
    expect(errorText(error)).toBe('Description must be at most 2000 characters');
  });

  it('says to slow down on 429, in the server’s words', () => {
    const message =
      'You are making changes faster than Stride can take them. Slow down and try again in 3 seconds.';
    expect(errorText(new ApiError(429, `429: {"message":"${message}"}`, message, 3))).toBe(message);
  });

  it('hides what a 500 says, and speaks plainly when there is no message at all', () => {
    expect(errorText(new ApiError(500, '500: {"message":"boom"}', 'boom'))).toBe(SERVER_FAILED_TEXT);
    expect(errorText(new ApiError(502, '502: Bad Gateway'))).toBe(SERVER_FAILED_TEXT);
    expect(
      errorText(
        new ApiError(
          503,
          '503: x',
          'Stride cannot reach its database right now. Try again in a few seconds.',
        ),
      ),
    ).toBe('Stride cannot reach its database right now. Try again in a few seconds.');
  });

  it('tells offline from unreachable when no answer came', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(errorText(new TypeError('Failed to fetch'))).toBe(OFFLINE_TEXT);
    vi.stubGlobal('navigator', { onLine: true });
    expect(errorText(new TypeError('Failed to fetch'))).toBe(UNREACHABLE_TEXT);
  });
});
