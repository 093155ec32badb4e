import { describe, expect, it } from 'vitest';
import { longTasksAfterFirstPaint, type TraceEvent } from './main-thread';

const MAIN = { pid: 1, tid: 7 };
const task = (ts: number, durMs: number, cpuMs: number, where = MAIN): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  ...where,
  ts: ts * 1000,
  dur: durMs * 1000,
  tdur: cpuMs * 1000,
});

describe('longTasksAfterFirstPaint', () => {
  it("sums the wall and processor time of the first-painting thread's tasks of 12.5 ms and more after the paint", () => {
    const events: TraceEvent[] = [
      { name: 'firstContentfulPaint', ph: 'R', ...MAIN, ts: 500_000 },
      task(100, 40, 40), // before the first paint
      task(600, 30, 10),
      task(700, 12.5, 12),
      task(800, 12.4, 12), // short enough not to block once scaled by 4
      task(900, 20, 20, { pid: 1, tid: 8 }), // another thread
      task(950, 20, 20, { pid: 2, tid: 7 }), // another process
      { name: 'FunctionCall', ph: 'X', ...MAIN, ts: 1_000_000, dur: 60_000, tdur: 60_000 },
    ];
    expect(longTasksAfterFirstPaint(events)).toEqual({ wallMs: 42.5, cpuMs: 22 });
  });

  it('reads from the earliest first paint, and gives nothing without one', () => {
    const events: TraceEvent[] = [
      { name: 'firstContentfulPaint', ph: 'R', ...MAIN, ts: 900_000 },
      { name: 'firstContentfulPaint', ph: 'R', ...MAIN, ts: 500_000 },
      task(600, 20, 5),
    ];
    expect(longTasksAfterFirstPaint(events)).toEqual({ wallMs: 20, cpuMs: 5 });
    expect(longTasksAfterFirstPaint([task(600, 20, 5)])).toEqual({ wallMs: 0, cpuMs: 0 });
  });
});
