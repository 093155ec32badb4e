import { randomUUID } from 'node:crypto';
import { IMPORT_COMPLETED_DAYS_MAX } from '#shared/api/account-data';
import { type Call, call, signIn, sleep } from './harness';

/*
 * One person's heaviest work beside another person's calls (docs/decisions/037-fair-heavy-work.md):
 * the heavy person imports a file at the documented limits, then exports their full account a few
 * times, while another person reads Today and ticks a habit in a loop and /api/health is polled. Used
 * by the fairness fault test and the fairness benchmark; every loop is bounded.
 */

/** Habits in the file, each with as many completed days, so the file holds the most days an import takes. */
const HABITS = 100;
const DAYS_PER_HABIT = IMPORT_COMPLETED_DAYS_MAX / HABITS;
/** A bound on the other person's loop and on the health poll, far above what a run makes. */
const MAX_CALLS = 20_000;
const HEALTH_EVERY_MS = 50;

function daysFrom(start: string, count: number): string[] {
  const first = Date.parse(`${start}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(first + i * 86_400_000).toISOString().slice(0, 10));
}

/** An import file at the limits: 500,000 completed days (about 6.5 MB). */
export function fileAtTheLimits() {
  const days = daysFrom('2000-01-01', DAYS_PER_HABIT);
  return {
    format: 'stride-export',
    version: 3,
    goals: [],
    tasks: [],
    habits: Array.from({ length: HABITS }, (_, i) => ({
      id: randomUUID(),
      title: `Habit ${i}`,
      repeat: null,
      repeatStart: null,
      timesPerWeek: null,
      remindAt: null,
      isToday: false,
      todaySortOrder: 0,
      sortOrder: i,
      completedDays: days,
    })),
  };
}

export type Timed = { kind: string; status: number; started: number; ended: number };
export type Span = { kind: 'import' | 'export'; status: number; started: number; ended: number };

export type FairnessRun = {
  heavy: Span[];
  others: Timed[];
  health: Timed[];
  /** The habits the import brought, by id, as the file holds them. */
  file: ReturnType<typeof fileAtTheLimits>;
};

/** How many of `calls` were answered while `span` ran (after it started, before its answer). */
export function answeredDuring(calls: readonly Timed[], span: Span): number {
  return calls.filter((c) => c.started >= span.started && c.ended <= span.ended).length;
}

export function percentiles(calls: readonly Timed[]) {
  const ms = calls.map((c) => c.ended - c.started).sort((a, b) => a - b);
  const at = (p: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor(p * ms.length))] ?? 0);
  return { count: ms.length, p50: at(0.5), p99: at(0.99), max: Math.round(ms.at(-1) ?? 0) };
}

async function timed(kind: string, run: () => Promise<Call>): Promise<Timed> {
  const started = performance.now();
  const result = await run();
  return { kind, status: result.status, started, ended: performance.now() };
}

/** Streams an export to its end without keeping it (the body is 6.5 MB). */
async function exportOnce(base: string, cookie: string): Promise<Span> {
  const started = performance.now();
  let status = 0;
  try {
    const res = await fetch(`${base}/api/account/export`, {
      headers: { cookie },
      signal: AbortSignal.timeout(60_000),
    });
    status = res.status;
    for await (const _piece of res.body ?? []) {
      // Read to the end: the export ends when its last piece arrives.
    }
  } catch {
    status = 0;
  }
  return { kind: 'export', status, started, ended: performance.now() };
}

/**
 * Signs in both people, then runs the import and `exports` exports of the heavy person one after
 * another while the other person's loop and the health poll run; stops those once the heavy work ends.
 */
export async function runFairness(base: string, options: { exports: number }): Promise<FairnessRun> {
  const heavyCookie = await signIn(base, `heavy-${randomUUID()}@example.com`);
  const otherCookie = await signIn(base, `other-${randomUUID()}@example.com`);
  const habitId = randomUUID();
  const created = await call(base, otherCookie, 'POST', '/api/habits', { id: habitId, title: 'Walk' });
  if (created.status !== 201) throw new Error(`could not create the other person's habit: ${created.status}`);
  const file = fileAtTheLimits();

  const others: Timed[] = [];
  const health: Timed[] = [];
  let stopped = false;
  const otherLoop = (async () => {
    for (let n = 0; n < MAX_CALLS && !stopped; n += 1) {
      others.push(
        n % 2 === 0
          ? await timed('today', () => call(base, otherCookie, 'GET', '/api/today'))
          : await timed('tick', () =>
              call(base, otherCookie, 'PATCH', `/api/habits/${habitId}`, { completedToday: n % 4 === 1 }),
            ),
      );
    }
  })();
  const healthLoop = (async () => {
    for (let n = 0; n < MAX_CALLS && !stopped; n += 1) {
      health.push(
        await timed('health', async () => {
          const started = performance.now();
          try {
            const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(60_000) });
            await res.text();
            return { status: res.status, body: undefined, ms: performance.now() - started, retryAfter: null };
          } catch {
            return { status: 0, body: undefined, ms: performance.now() - started, retryAfter: null };
          }
        }),
      );
      await sleep(HEALTH_EVERY_MS);
    }
  })();

  const heavy: Span[] = [];
  try {
    // Let the other person's loop warm up first.
    await sleep(300);
    const started = performance.now();
    const imported = await call(base, heavyCookie, 'POST', '/api/account/import', file, 120_000);
    heavy.push({ kind: 'import', status: imported.status, started, ended: performance.now() });
    for (let i = 0; i < options.exports; i += 1) heavy.push(await exportOnce(base, heavyCookie));
    await sleep(300);
  } finally {
    stopped = true;
    await Promise.all([otherLoop, healthLoop]);
  }
  return { heavy, others, health, file };
}

/** The figures a run prints: the other person's and the health check's latencies, the heavy work's times. */
export function describeRun(engine: string, run: FairnessRun): string {
  const lines = [`fairness on ${engine}:`];
  for (const span of run.heavy) {
    lines.push(
      `  ${span.kind} ${span.status} in ${Math.round(span.ended - span.started)} ms; answered meanwhile: ${answeredDuring(run.others, span)} of the other person's calls, ${answeredDuring(run.health, span)} health checks`,
    );
  }
  const during = (calls: Timed[]) =>
    calls.filter((c) => run.heavy.some((span) => c.ended >= span.started && c.started <= span.ended));
  lines.push(`  other person during heavy work: ${JSON.stringify(percentiles(during(run.others)))}`);
  lines.push(`  health during heavy work: ${JSON.stringify(percentiles(during(run.health)))}`);
  return lines.join('\n');
}
