import { afterEach, describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '#shared/api/theme-script';
import { always, installFakeApi } from '../testing/fake-api';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { getTheme, initTheme, toggleTheme } from './theme';

afterEach(() => {
  localStorage.clear();
});

describe('theme store (docs/product.md#theme)', () => {
  it('defaults to light and reads a saved dark choice onto the document root', () => {
    expect(initTheme()).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(initTheme()).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });

  it('saves each change', () => {
    initTheme();
    toggleTheme();
    expect(getTheme()).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    toggleTheme();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });
});

describe('api client errors (docs/product.md#error-format)', () => {
  it('raises `STATUS: body text`, or the status text when the body is empty', async () => {
    installFakeApi(always(() => new Response('Not signed in', { status: 401 })));
    await expect(apiRequest('GET', '/api/auth/user')).rejects.toThrow(
      new ApiError(401, '401: Not signed in'),
    );
    installFakeApi(always(() => new Response('', { status: 503, statusText: 'Service Unavailable' })));
    await expect(apiRequest('GET', '/api/today')).rejects.toThrow('503: Service Unavailable');
  });
});
