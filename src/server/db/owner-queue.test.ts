import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../errors';
import { OwnerQueue } from './owner-queue';

/** A piece of work that runs until `finish` is called, noting when it starts. */
function held(log: string[], name: string) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    work: async () => {
      log.push(`${name} starts`);
      await done;
      log.push(`${name} ends`);
      return name;
    },
    finish,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe('OwnerQueue', () => {
  it("runs one person's work one at a time, in the order it came, and others' alongside", async () => {
    const queue = new OwnerQueue({ waitMs: 60_000, passesOn: () => false });
    const log: string[] = [];
    const [a1, a2, b1] = [held(log, 'a1'), held(log, 'a2'), held(log, 'b1')];
    const runs = [queue.run('a', a1.work), queue.run('a', a2.work), queue.run('b', b1.work)];
    await settle();
    expect(log).toEqual(['a1 starts', 'b1 starts']);
    a1.finish();
    await settle();
    expect(log).toEqual(['a1 starts', 'b1 starts', 'a1 ends', 'a2 starts']);
    a2.finish();
    b1.finish();
    expect(await Promise.all(runs)).toEqual(['a1', 'a2', 'b1']);
    expect(queue.size).toBe(0);
  });

  it('goes on after work that failed', async () => {
    const queue = new OwnerQueue({ waitMs: 60_000, passesOn: () => false });
    const failed = queue.run('a', async () => {
      throw new Error('rolled back');
    });
    await expect(failed).rejects.toThrow('rolled back');
    expect(await queue.run('a', async () => 'next')).toBe('next');
    expect(queue.size).toBe(0);
  });

  it('answers 503 with Retry-After to work that waited too long, and the one after still waits its turn', async () => {
    vi.useFakeTimers();
    const queue = new OwnerQueue({ waitMs: 4_000, passesOn: () => false });
    const log: string[] = [];
    const [first, late, third] = [held(log, 'first'), held(log, 'late'), held(log, 'third')];
    const running = queue.run('a', first.work);
    const waiting = queue.run('a', late.work).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(3_000);
    const after = queue.run('a', third.work);
    await vi.advanceTimersByTimeAsync(1_000);
    const refusal = await waiting;
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({
      statusCode: 503,
      retryAfterSeconds: 2,
      message: 'Your earlier changes are still being saved. Try again in a moment.',
    });
    // The late one left, but the one behind it still waits for the first.
    expect(log).toEqual(['first starts']);
    first.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['first starts', 'first ends', 'third starts']);
    third.finish();
    expect(await running).toBe('first');
    expect(await after).toBe('third');
    expect(queue.size).toBe(0);
  });

  it('fails the writes waiting behind at once with a failure that says they would fail too, and starts afresh after', async () => {
    const unreachable = Object.assign(new Error('connection timeout'), { code: 'ETIMEDOUT' });
    const queue = new OwnerQueue({ waitMs: 60_000, passesOn: (error) => error === unreachable });
    const log: string[] = [];
    let fail = () => {};
    const failing = queue.run('a', async () => {
      log.push('first starts');
      await new Promise<void>((resolve) => {
        fail = resolve;
      });
      throw unreachable;
    });
    const behind = [1, 2].map((n) =>
      queue.run('a', async () => {
        log.push(`write ${n} starts`);
      }),
    );
    await settle();
    fail();
    await expect(failing).rejects.toBe(unreachable);
    for (const write of behind) await expect(write).rejects.toBe(unreachable);
    expect(log).toEqual(['first starts']);
    // Another kind of failure is the failing write's own: the next one runs.
    const own = queue.run('a', async () => {
      throw new Error('rolled back');
    });
    const next = queue.run('a', async () => 'ran');
    await expect(own).rejects.toThrow('rolled back');
    expect(await next).toBe('ran');
    expect(queue.size).toBe(0);
  });
});
