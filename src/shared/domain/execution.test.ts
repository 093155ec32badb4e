import { describe, expect, it } from 'vitest';
import {
  EXECUTION_ADVANCE_DELAY_MS,
  type ExecutionItem,
  type ExecutionRun,
  elapsedSeconds,
  executionProgress,
  formatElapsed,
  nextKey,
  previousKey,
  remainingCount,
  settleExecution,
  startExecution,
  stepNext,
  stepPrevious,
} from './execution';

/** A list from a compact picture: "a b* c" is a, b (completed), c. */
function list(picture: string): ExecutionItem[] {
  return picture
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => ({ key: word.replace('*', ''), completed: word.endsWith('*') }));
}

function complete(items: ExecutionItem[], key: string): ExecutionItem[] {
  return items.map((item) => (item.key === key ? { ...item, completed: true } : item));
}

/** A fake clock: the state machine only ever sees the numbers it hands out. */
function fakeClock(start = 1_000_000) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
      return now;
    },
  };
}

function started(items: ExecutionItem[], now: number): ExecutionRun {
  const result = startExecution(items, now);
  if (result.kind !== 'started') throw new Error('expected the run to start');
  return result.run;
}

function running(result: ReturnType<typeof settleExecution>): ExecutionRun {
  if (result.kind !== 'running') throw new Error('expected the run to continue');
  return result.run;
}

describe('startExecution', () => {
  it.each([
    ['a b c', 'a', 3],
    ['a* b c', 'b', 2],
    ['a* b* c', 'c', 1],
    ['a b* c', 'a', 2],
  ])('%s starts at %s with an initial total of %i', (picture, key, total) => {
    const run = started(list(picture), 0);
    expect(run.currentKey).toBe(key);
    expect(run.initialTotal).toBe(total);
    expect(run.advanceAt).toBeNull();
  });

  it.each([[''], ['a*'], ['a* b* c*']])('"%s" has nothing to execute', (picture) => {
    expect(startExecution(list(picture), 0)).toEqual({ kind: 'nothing-to-execute' });
  });

  it('respects filters: only the visible list is considered', () => {
    const all = list('habit1 todo1 goalTask1');
    const visible = all.filter((item) => item.key !== 'habit1');
    const run = started(visible, 0);
    expect(run.currentKey).toBe('todo1');
    expect(run.initialTotal).toBe(2);
    expect(nextKey(run, visible)).toBe('goalTask1');
    expect(previousKey(run, visible)).toBeUndefined();
  });
});

describe('arrows', () => {
  it.each([
    // picture, current, previous, next
    ['a b c', 'a', undefined, 'b'],
    ['a b c', 'b', 'a', 'c'],
    ['a b c', 'c', 'b', undefined],
    ['a b* c', 'a', undefined, 'c'],
    ['a b* c', 'c', 'a', undefined],
    ['a* b c*', 'b', undefined, undefined],
    ['a b* c* d', 'd', 'a', undefined],
  ])('in "%s" at %s: previous %s, next %s', (picture, current, previous, next) => {
    const items = list(picture);
    const run: ExecutionRun = {
      currentKey: current,
      currentIndex: items.findIndex((item) => item.key === current),
      initialTotal: remainingCount(items),
      itemStartedAt: 0,
      advanceAt: null,
    };
    expect(previousKey(run, items)).toBe(previous);
    expect(nextKey(run, items)).toBe(next);
  });

  it('skip jumps over completed items and resets the timer', () => {
    const clock = fakeClock();
    const items = list('a b* c');
    let run = started(items, clock.now());
    clock.advance(65_000);
    expect(formatElapsed(elapsedSeconds(run, clock.now()))).toBe('1:05');

    run = stepNext(run, items, clock.now());
    expect(run.currentKey).toBe('c');
    expect(elapsedSeconds(run, clock.now())).toBe(0);

    clock.advance(3_000);
    run = stepPrevious(run, items, clock.now());
    expect(run.currentKey).toBe('a');
    expect(elapsedSeconds(run, clock.now())).toBe(0);
  });

  it('an arrow without a target leaves the run (and its timer) alone', () => {
    const items = list('a b');
    const run = started(items, 0);
    expect(stepPrevious(run, items, 5_000)).toBe(run);
    const last = stepNext(run, items, 5_000);
    expect(stepNext(last, items, 9_000)).toBe(last);
  });

  it('an arrow cancels a pending hand-over', () => {
    const items = list('a b c');
    let run = started(items, 0);
    const afterComplete = complete(items, 'a');
    run = running(settleExecution(run, afterComplete, 100));
    expect(run.advanceAt).toBe(100 + EXECUTION_ADVANCE_DELAY_MS);
    run = stepNext(run, afterComplete, 200);
    expect(run).toMatchObject({ currentKey: 'b', advanceAt: null, itemStartedAt: 200 });
  });
});

describe('completing an item', () => {
  it('waits 800 ms, then moves to the next uncompleted item after it', () => {
    const clock = fakeClock();
    let items = list('a b* c');
    let run = started(items, clock.now());
    clock.advance(10_000);

    items = complete(items, 'a');
    run = running(settleExecution(run, items, clock.now()));
    expect(run.currentKey).toBe('a');
    expect(run.advanceAt).toBe(clock.now() + 800);

    clock.advance(799);
    run = running(settleExecution(run, items, clock.now()));
    expect(run.currentKey).toBe('a');

    clock.advance(1);
    run = running(settleExecution(run, items, clock.now()));
    expect(run.currentKey).toBe('c');
    expect(run.advanceAt).toBeNull();
    expect(elapsedSeconds(run, clock.now())).toBe(0);
  });

  it('settling twice before the delay keeps the first deadline', () => {
    let items = list('a b');
    let run = started(items, 0);
    items = complete(items, 'a');
    run = running(settleExecution(run, items, 100));
    run = running(settleExecution(run, items, 500));
    expect(run.advanceAt).toBe(900);
  });

  it('uncompleting within the delay cancels the hand-over', () => {
    const items = list('a b');
    let run = started(items, 0);
    run = running(settleExecution(run, complete(items, 'a'), 100));
    run = running(settleExecution(run, items, 400));
    expect(run).toMatchObject({ currentKey: 'a', advanceAt: null });
    run = running(settleExecution(run, items, 2_000));
    expect(run.currentKey).toBe('a');
  });

  it('comes back to an item skipped earlier when nothing is left after it', () => {
    let items = list('a b c');
    let run = started(items, 0);
    run = stepNext(run, items, 0);
    run = stepNext(run, items, 0);
    expect(run.currentKey).toBe('c');
    items = complete(items, 'c');
    run = running(settleExecution(run, items, 1_000));
    run = running(settleExecution(run, items, 1_800));
    expect(run.currentKey).toBe('a');
  });

  it('runs three items to all done', () => {
    const clock = fakeClock();
    let items = list('a b c');
    let run = started(items, clock.now());
    const seen: string[] = [];
    for (const key of ['a', 'b', 'c']) {
      seen.push(run.currentKey);
      expect(run.currentKey).toBe(key);
      clock.advance(2_000);
      items = complete(items, key);
      run = running(settleExecution(run, items, clock.now()));
      clock.advance(EXECUTION_ADVANCE_DELAY_MS);
      const result = settleExecution(run, items, clock.now());
      if (key === 'c') {
        expect(result).toEqual({ kind: 'all-done' });
      } else {
        run = running(result);
      }
    }
    expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('an item leaving the list hands over at once, from where it was', () => {
    const items = list('a b c');
    let run = started(items, 0);
    run = stepNext(run, items, 0);
    const withoutB = items.filter((item) => item.key !== 'b');
    run = running(settleExecution(run, withoutB, 50));
    expect(run).toMatchObject({ currentKey: 'c', itemStartedAt: 50 });
  });

  it('the last item leaving the list ends the run', () => {
    const items = list('a* b');
    const run = started(items, 0);
    expect(settleExecution(run, list('a*'), 10)).toEqual({ kind: 'all-done' });
  });

  it('a list that only reorders keeps the same item and timer', () => {
    const items = list('a b c');
    const run = stepNext(started(items, 0), items, 0);
    const reordered = list('b a c');
    const settled = running(settleExecution(run, reordered, 3_000));
    expect(settled).toMatchObject({ currentKey: 'b', currentIndex: 0, itemStartedAt: 0 });
    expect(nextKey(settled, reordered)).toBe('a');
  });
});

describe('counts and progress', () => {
  it.each([
    ['a b c', 3, 3, 0],
    ['a* b c', 3, 2, 1 / 3],
    ['a* b* c', 3, 1, 2 / 3],
    ['a* b* c*', 3, 0, 1],
    // An item added to Today mid-run pushes remaining above the initial total: clamp at 0.
    ['a b c d', 3, 4, 0],
  ])('%s of initial %i: %i remaining, progress %d', (picture, initialTotal, remaining, progress) => {
    const items = list(picture);
    const run: ExecutionRun = {
      currentKey: 'a',
      currentIndex: 0,
      initialTotal,
      itemStartedAt: 0,
      advanceAt: null,
    };
    expect(remainingCount(items)).toBe(remaining);
    expect(executionProgress(run, items)).toBeCloseTo(progress);
  });

  it('progress counts from the items left at the start', () => {
    let items = list('a* b c');
    const run = started(items, 0);
    expect(executionProgress(run, items)).toBe(0);
    items = complete(items, 'b');
    expect(executionProgress(run, items)).toBe(0.5);
  });
});

describe('timer', () => {
  it.each([
    [0, '0:00'],
    [999, '0:00'],
    [1_000, '0:01'],
    [59_999, '0:59'],
    [60_000, '1:00'],
    [65_000, '1:05'],
    [600_000, '10:00'],
    [4_500_000, '75:00'],
  ])('after %i ms shows %s', (ms, text) => {
    const clock = fakeClock();
    const run = started(list('a'), clock.now());
    clock.advance(ms);
    expect(formatElapsed(elapsedSeconds(run, clock.now()))).toBe(text);
  });

  it('never shows negative time when the clock steps back', () => {
    const run = started(list('a'), 10_000);
    expect(formatElapsed(elapsedSeconds(run, 5_000))).toBe('0:00');
  });
});
