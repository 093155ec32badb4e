import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConnectivity } from './connectivity';

const store = new Map<string, unknown>();
vi.mock('./key-value-store', () => ({
  readValue: async (key: string) => store.get(key),
  writeValue: async (key: string, value: unknown) => {
    store.set(key, structuredClone(value));
  },
  deleteValue: async (key: string) => {
    store.delete(key);
  },
}));

const { startOfflineCache } = await import('./offline-cache');
const { clearSavedData, resetSavedData } = await import('./saved-data');

const USER = { id: 'u1', email: 'a@example.com' };
const TODAY = { tasks: [{ id: 't1', title: 'Saved task' }], habits: [] };

/** A session that saw its user and Today, and saved them. */
async function savedSession() {
  const seen = new QueryClient();
  await startOfflineCache(seen);
  seen.setQueryData(['api', 'auth', 'user'], USER);
  seen.setQueryData(['api', 'today'], TODAY);
  await vi.advanceTimersByTimeAsync(1_100);
}

beforeEach(() => {
  vi.useFakeTimers();
  store.clear();
  resetSavedData();
  resetConnectivity('online');
});
afterEach(() => {
  vi.useRealTimers();
  resetConnectivity('online');
});

describe('offline cache', () => {
  it('saves what was read a moment after it arrives', async () => {
    await savedSession();
    expect(store.size).toBe(1);
  });

  it('keeps nothing once the user call says signed out', async () => {
    await savedSession();
    const next = new QueryClient();
    await startOfflineCache(next);
    next.setQueryData(['api', 'auth', 'user'], null);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(store.size).toBe(0);
  });

  it('opens with the saved copy when offline at start', async () => {
    await savedSession();
    resetConnectivity('offline');
    const next = new QueryClient();
    await startOfflineCache(next);
    expect(next.getQueryData(['api', 'today'])).toEqual(TODAY);
    expect(next.getQueryData(['api', 'auth', 'user'])).toEqual(USER);
  });

  it('online, shows nothing older until a call goes unanswered, and never replaces newer data', async () => {
    await savedSession();
    const next = new QueryClient();
    await startOfflineCache(next);
    expect(next.getQueryData(['api', 'today'])).toBeUndefined();
    const fresher = { tasks: [], habits: [] };
    next.setQueryData(['api', 'today'], fresher);
    resetConnectivity('unreachable');
    expect(next.getQueryData(['api', 'auth', 'user'])).toEqual(USER);
    expect(next.getQueryData(['api', 'today'])).toBe(fresher);
  });

  it('keeps the data of a read whose refetch failed offline, user included', async () => {
    const seen = new QueryClient();
    await startOfflineCache(seen);
    seen.setQueryData(['api', 'auth', 'user'], USER);
    await seen
      .fetchQuery({
        queryKey: ['api', 'auth', 'user'],
        queryFn: () => Promise.reject(new Error('offline')),
        staleTime: 0,
      })
      .catch(() => undefined);
    expect(seen.getQueryState(['api', 'auth', 'user'])?.status).toBe('error');
    seen.setQueryData(['api', 'today'], TODAY);
    await vi.advanceTimersByTimeAsync(1_100);
    resetConnectivity('offline');
    const next = new QueryClient();
    await startOfflineCache(next);
    expect(next.getQueryData(['api', 'auth', 'user'])).toEqual(USER);
    expect(next.getQueryState(['api', 'auth', 'user'])?.status).toBe('success');
  });

  it('forgets the saved copy at sign-out', async () => {
    await savedSession();
    await clearSavedData();
    expect(store.size).toBe(0);
  });

  it('never shows one person the copy another one left (a session that ended without a sign-out)', async () => {
    await savedSession();
    const next = new QueryClient();
    await startOfflineCache(next);
    next.setQueryData(['api', 'auth', 'user'], { id: 'u2', email: 'b@example.com' });
    resetConnectivity('unreachable');
    expect(next.getQueryData(['api', 'today'])).toBeUndefined();
  });

  it('does not write the copy back after sign-out forgot it: not by a save due, nor at pagehide', async () => {
    const seen = new QueryClient();
    await startOfflineCache(seen);
    seen.setQueryData(['api', 'auth', 'user'], USER);
    seen.setQueryData(['api', 'today'], TODAY);
    // The reads have arrived and their save is due.
    await vi.advanceTimersByTimeAsync(10);
    await clearSavedData();
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(1_100);
    expect(store.size).toBe(0);
  });
});
