import { randomUUID } from 'node:crypto';
import { IMPORT_COMPLETED_DAYS_MAX } from '#shared/api/account-data';
import { habitsImportFile } from '../server/helpers/import-files';
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

/**
 * An import file of `habits` habits with DAYS_PER_HABIT completed days each; at the limits (the
 * default) it holds 500,000 days, about 6.5 MB.
 */
export function fileAtTheLimits(habits = HABITS) {
  return habitsImportFile(habits, daysFrom('2000-01-01', DAYS_PER_HABIT));
}

export type Timed = { kind: string; status: number; started: number; ended: number };
/**
 * One piece of heavy work: asked at `started`, answered (its status and headers) at `answered`, its
 * body read by `ended`. `working` is when it was seen at the database's work: an export at once (it
 * is answered once all of it has been read, then sent as it is written); an import once its items
 * were seen without their completed days, which it adds last. An import in one transaction is never
 * seen so (its items and days appear together, at its answer): its `working` is its answer.
 */
export type Span = {
  kind: 'import' | 'export';
  status: number;
  started: number;
  working: number;
  answered: number;
  ended: number;
};

export type FairnessRun = {
  heavy: Span[];
  others: Timed[];
  health: Timed[];
  /** The file the heavy person imported, and their address (to sign in again and look). */
  file: ReturnType<typeof fileAtTheLimits>;
  heavyEmail: string;
};

/** How many of `calls` were asked and answered while the database worked on `span`, before its answer. */
export function answeredDuring(calls: readonly Timed[], span: Span): number {
  return calls.filter((c) => c.started >= span.working && c.ended <= span.answered).length;
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
  let answered = Number.NaN;
  try {
    const res = await fetch(`${base}/api/account/export`, {
      headers: { cookie },
      signal: AbortSignal.timeout(60_000),
    });
    answered = performance.now();
    status = res.status;
    for await (const _piece of res.body ?? []) {
      // Read to the end: the export ends when its last piece arrives.
    }
  } catch {
    status = 0;
  }
  const ended = performance.now();
  return {
    kind: 'export',
    status,
    started,
    working: started,
    answered: Number.isNaN(answered) ? ended : answered,
    ended,
  };
}

/**
 * When the heavy person's imported habits were first seen without their completed days (all there,
 * none counted yet), looking every 20 ms until the import answers; undefined if they never were.
 */
async function whenItemsWithoutDays(
  base: string,
  cookie: string,
  file: ReturnType<typeof fileAtTheLimits>,
  done: () => boolean,
): Promise<number | undefined> {
  const ids = new Set<string>(file.habits.map((habit) => habit.id));
  for (let n = 0; n < MAX_CALLS && !done(); n += 1) {
    const habits = await call(base, cookie, 'GET', '/api/habits');
    const list = habits.status === 200 ? (habits.body as Array<{ id: string; completionCount: number }>) : [];
    const imported = list.filter((habit) => ids.has(habit.id));
    if (imported.length === ids.size && imported.every((habit) => habit.completionCount === 0) && !done()) {
      return performance.now();
    }
    await sleep(20);
  }
  return undefined;
}

/**
 * Signs in both people, then runs the import (of a file at the limits, or of `habits` habits) and
 * `exports` exports of the heavy person one after
 * another while the other person's loop and the health poll run; stops those once the heavy work ends.
 */
export async function runFairness(
  base: string,
  options: { exports: number; habits?: number },
): Promise<FairnessRun> {
  const heavyEmail = `heavy-${randomUUID()}@example.com`;
  const heavyCookie = await signIn(base, heavyEmail);
  // The heavy person's second device, which watches their import from the side.
  const watcherCookie = await signIn(base, heavyEmail);
  const otherCookie = await signIn(base, `other-${randomUUID()}@example.com`);
  const habitId = randomUUID();
  const created = await call(base, otherCookie, 'POST', '/api/habits', { id: habitId, title: 'Walk' });
  if (created.status !== 201) throw new Error(`could not create the other person's habit: ${created.status}`);
  const file = fileAtTheLimits(options.habits);

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
    let answered = false;
    const importing = call(base, heavyCookie, 'POST', '/api/account/import', file, 120_000).finally(() => {
      answered = true;
    });
    const working = await whenItemsWithoutDays(base, watcherCookie, file, () => answered);
    const imported = await importing;
    const ended = performance.now();
    heavy.push({
      kind: 'import',
      status: imported.status,
      started,
      working: working ?? ended,
      answered: ended,
      ended,
    });
    for (let i = 0; i < options.exports; i += 1) heavy.push(await exportOnce(base, heavyCookie));
    await sleep(300);
  } finally {
    stopped = true;
    await Promise.all([otherLoop, healthLoop]);
  }
  return { heavy, others, health, file, heavyEmail };
}

/** The figures a run prints: the other person's and the health check's latencies, the heavy work's times. */
export function describeRun(engine: string, run: FairnessRun): string {
  const lines = [`fairness on ${engine}:`];
  for (const span of run.heavy) {
    lines.push(
      `  ${span.kind} ${span.status} in ${Math.round(span.ended - span.started)} ms (answered after ${Math.round(span.answered - span.started)} ms, seen at work for ${Math.round(span.answered - span.working)} ms); answered meanwhile: ${answeredDuring(run.others, span)} of the other person's calls, ${answeredDuring(run.health, span)} health checks (from its asking: ${answeredDuring(run.others, { ...span, working: span.started })} and ${answeredDuring(run.health, { ...span, working: span.started })})`,
    );
  }
  const during = (calls: Timed[]) =>
    calls.filter((c) => run.heavy.some((span) => c.ended >= span.started && c.started <= span.ended));
  const others = percentiles(during(run.others));
  const health = percentiles(during(run.health));
  lines.push(`  other person during heavy work: ${JSON.stringify(others)}`);
  lines.push(`  health during heavy work: ${JSON.stringify(health)}`);
  const verdict = (met: boolean) => (met ? 'met' : 'not met');
  lines.push(
    `  targets: other person's p99 ≤250 ms ${verdict(others.p99 <= 250)}; health within 100 ms ${verdict(health.max <= 100)} (max ${health.max} ms, p99 ${health.p99} ms)`,
  );
  return lines.join('\n');
}
