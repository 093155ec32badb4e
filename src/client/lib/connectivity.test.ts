import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeApi, installFakeApi, on } from '../testing/fake-api';
import { connectivity, reportAnswer, reportNoAnswer, resetConnectivity } from './connectivity';

const UP = { status: 'ok', database: 'up' } as const;
const DOWN = { status: 'degraded', database: 'down' } as const;

describe('connectivity', () => {
  let healthAnswers: number[];
  let api: FakeApi;
  beforeEach(() => {
    vi.useFakeTimers();
    healthAnswers = [];
    api = installFakeApi(
      on('GET', '/api/health', () => {
        const status = healthAnswers.shift() ?? 200;
        return { status, body: status === 200 ? UP : DOWN };
      }),
    );
  });
  afterEach(() => {
    resetConnectivity();
  });

  it('follows what the app’s calls meet', () => {
    reportAnswer(200);
    expect(connectivity()).toBe('online');
    reportAnswer(503);
    expect(connectivity()).toBe('unavailable');
    reportAnswer(404);
    expect(connectivity()).toBe('online');
    reportAnswer(502);
    expect(connectivity()).toBe('unreachable');
    reportAnswer(401);
    expect(connectivity()).toBe('online');
  });

  it('without an answer: offline when the browser says so, else unreachable', () => {
    vi.stubGlobal('navigator', { onLine: false });
    reportNoAnswer();
    expect(connectivity()).toBe('offline');
    resetConnectivity();
    vi.stubGlobal('navigator', { onLine: true });
    reportNoAnswer();
    expect(connectivity()).toBe('unreachable');
  });

  it('probes /api/health with growing pauses until it answers 200, then says online', async () => {
    healthAnswers = [503, 503];
    reportAnswer(503);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(connectivity()).toBe('unavailable');
    await vi.advanceTimersByTimeAsync(4_000);
    expect(connectivity()).toBe('unavailable');
    await vi.advanceTimersByTimeAsync(8_000);
    expect(connectivity()).toBe('online');
    expect(api.paths()).toEqual(['/api/health', '/api/health', '/api/health']);
  });

  it('a 503 that gives Retry-After is looked at again then, not after the growing pause', async () => {
    reportAnswer(503, 5);
    await vi.advanceTimersByTimeAsync(4_900);
    expect(api.paths()).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(api.paths()).toEqual(['/api/health']);
    expect(connectivity()).toBe('online');
  });

  it('follows the Retry-After of a health check that answers 503, within 30 s', async () => {
    let looks = 0;
    api = installFakeApi(
      on('GET', '/api/health', () => {
        looks++;
        if (looks > 2) return { body: UP };
        return new Response(JSON.stringify(DOWN), {
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': looks === 1 ? '3' : '600' },
        });
      }),
    );
    reportAnswer(503);
    await vi.advanceTimersByTimeAsync(2_000); // the first look: 503, come back in 3 s
    await vi.advanceTimersByTimeAsync(3_000); // the second: 503, come back in 600 s, taken as 30 s
    expect(looks).toBe(2);
    await vi.advanceTimersByTimeAsync(29_900);
    expect(looks).toBe(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(looks).toBe(3);
    expect(connectivity()).toBe('online');
  });

  it('a run of 503s does not put the look off: the earliest Retry-After stands', async () => {
    reportAnswer(503, 5);
    await vi.advanceTimersByTimeAsync(3_000);
    reportAnswer(503, 5); // due at 8 s; the look at 5 s stays
    await vi.advanceTimersByTimeAsync(2_000);
    expect(api.paths()).toEqual(['/api/health']);
    expect(connectivity()).toBe('online');
  });
});
