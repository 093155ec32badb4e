/** The fields of a Chromium trace event read here. */
export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
};

/** Lighthouse's mobile audit scales what it saw by a 4x slower CPU; a task blocks beyond 50 ms. */
const CPU_SLOWDOWN = 4;
const BLOCKING_AFTER_MS = 50;

/**
 * The page's main thread after its first contentful paint, read from a Lighthouse trace: the tasks
 * long enough to count towards total blocking time once scaled by Lighthouse's slowdown, their wall
 * time, and the part of it the thread was running on a processor. The rest is time it waited for one:
 * on a 2-core machine without a GPU the browser's compositor and the browser recording the page take
 * the other core and more (bench/notes/first-load.md, "Waiting for the processor").
 */
export function longTasksAfterFirstPaint(events: readonly TraceEvent[]): { wallMs: number; cpuMs: number } {
  const paints = events.filter((event) => event.name === 'firstContentfulPaint');
  const firstPaint = paints.reduce<TraceEvent | undefined>(
    (first, event) => (first === undefined || event.ts < first.ts ? event : first),
    undefined,
  );
  if (!firstPaint) return { wallMs: 0, cpuMs: 0 };
  const longest = (BLOCKING_AFTER_MS / CPU_SLOWDOWN) * 1000; // trace times are in microseconds
  const tasks = events.filter(
    (event) =>
      event.name === 'RunTask' &&
      event.ph === 'X' &&
      event.pid === firstPaint.pid &&
      event.tid === firstPaint.tid &&
      event.ts >= firstPaint.ts &&
      (event.dur ?? 0) >= longest,
  );
  const sum = (pick: (event: TraceEvent) => number) =>
    tasks.reduce((total, event) => total + pick(event), 0) / 1000;
  return {
    wallMs: sum((event) => event.dur ?? 0),
    cpuMs: sum((event) => event.tdur ?? 0),
  };
}
