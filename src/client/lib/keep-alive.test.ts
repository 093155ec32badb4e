import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { always, type FakeApi, installFakeApi } from '../testing/fake-api';
import { resetConnectivity } from './connectivity';
import { KEEP_ALIVE_EVERY_MS, KEEP_ALIVE_FIRST_MS, startKeepAlive } from './keep-alive';

describe('keep-alive (docs/product.md#call-conventions)', () => {
  let api: FakeApi;
  let answer: () => Response;
  const pinged = () => api.paths();
  beforeEach(() => {
    vi.useFakeTimers();
    answer = () => Response.json({ status: 'ok', database: 'up' });
    api = installFakeApi(always(() => answer()));
  });
  afterEach(() => {
    resetConnectivity();
    vi.restoreAllMocks();
  });

  it('pings /api/health first after 60 s, then every 240 s, until stopped', async () => {
    const stop = startKeepAlive();
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_FIRST_MS - 1);
    expect(pinged()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(pinged()).toEqual(['/api/health']);
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_EVERY_MS - 1);
    expect(pinged()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(pinged()).toHaveLength(2);
    stop();
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_EVERY_MS * 3);
    expect(pinged()).toHaveLength(2);
  });

  it('logs a failed ping quietly (debug only) and keeps going', async () => {
    answer = () => new Response('', { status: 503, statusText: 'Service Unavailable' });
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error');
    const warn = vi.spyOn(console, 'warn');
    const stop = startKeepAlive();
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_FIRST_MS + KEEP_ALIVE_EVERY_MS);
    stop();
    // Two keep-alive pings; a 503 also starts the connectivity probe, which pings on its own.
    expect(pinged().length).toBeGreaterThanOrEqual(2);
    expect(debug).toHaveBeenCalledTimes(2);
    expect(String(debug.mock.calls[0]?.[1])).toContain('503: Service Unavailable');
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });
});
