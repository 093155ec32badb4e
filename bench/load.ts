import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, createDatabase, signIn, startServer } from '../tests/faults/harness';
import { hasPostgresBinaries, startThrowawayPostgres } from '../tests/server/helpers/postgres-server';

/*
 * `npm run bench -- load`: mixed traffic from 30 simulated people (10 accounts, three devices each)
 * against a real server process on each engine, for BENCH_LOAD_DURATION seconds (default 60). Prints
 * throughput, latency and errors per kind of call, then checks that every acknowledged create is
 * still there (unless its own delete was acknowledged too). Errors must be 0.
 */

export const DURATION_S = Number(process.env.BENCH_LOAD_DURATION ?? 60);
export const ACCOUNTS = 10;
export const DEVICES_PER_ACCOUNT = 3;

export type Kind = 'read today' | 'read all' | 'toggle' | 'create' | 'reorder' | 'delete';
/** One call: what it was, how long it took, and when it answered (ms since the epoch). */
export type Sample = { kind: Kind; ms: number; ok: boolean; status: number; at: number };

/** What one account holds as its devices see it: acknowledged creates and deletes. */
export type Ledger = { created: Set<string>; deleted: Set<string>; unsure: Set<string>; habits: string[] };

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function pick<T>(items: readonly T[]): T | undefined {
  return items[Math.floor(Math.random() * items.length)];
}

/**
 * How a device behaves beyond the mix: a pause after each answer (0: as fast as answers come), and a
 * cap on its account's live tasks past which a create becomes a delete, so a long run's lists stay the
 * same size (the soak: bench/soak.ts) instead of growing with the run.
 */
export type DevicePace = { thinkMs?: number; liveTasksCap?: number };

const liveTasks = (ledger: Ledger) => ledger.created.size - ledger.deleted.size;

export async function device(
  url: string,
  cookie: string,
  ledger: Ledger,
  until: number,
  samples: Sample[],
  { thinkMs = 0, liveTasksCap = Number.POSITIVE_INFINITY }: DevicePace = {},
) {
  while (Date.now() < until) {
    if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, thinkMs));
    let roll = Math.random();
    if (roll >= 0.65 && roll < 0.8 && liveTasks(ledger) >= liveTasksCap) roll = 0.95;
    let kind: Kind;
    let result: Awaited<ReturnType<typeof call>>;
    if (roll < 0.4) {
      kind = 'read today';
      result = await call(url, cookie, 'GET', '/api/today');
    } else if (roll < 0.45) {
      kind = 'read all';
      result = await call(url, cookie, 'GET', '/api/tasks');
    } else if (roll < 0.65) {
      kind = 'toggle';
      const habit = pick(ledger.habits) ?? '';
      result = await call(url, cookie, 'PATCH', `/api/habits/${habit}`, {
        completedToday: Math.random() < 0.5,
      });
    } else if (roll < 0.8) {
      kind = 'create';
      const id = randomUUID();
      result = await call(url, cookie, 'POST', '/api/tasks', {
        id,
        title: `Load ${id.slice(0, 6)}`,
        isToday: true,
      });
      if (result.status === 201) ledger.created.add(id);
    } else if (roll < 0.9) {
      kind = 'reorder';
      const ids = [...ledger.created].filter((id) => !ledger.deleted.has(id)).slice(-20);
      if (ids.length < 2) continue;
      const order = ids.sort(() => Math.random() - 0.5);
      result = await call(url, cookie, 'POST', '/api/tasks/reorder', {
        goalId: null,
        items: order.map((id, position) => ({ id, sortOrder: position })),
      });
      // Another device may have deleted one of them a moment ago: that is a correct 404.
      if (result.status === 404) result = { ...result, status: 204 };
    } else {
      kind = 'delete';
      const id = pick([...ledger.created].filter((created) => !ledger.deleted.has(created)));
      if (!id) continue;
      result = await call(url, cookie, 'DELETE', `/api/tasks/${id}`);
      if (result.status === 204) ledger.deleted.add(id);
      // Answered as failed: it may still have been done, which countLost tells apart from a loss.
      else if (result.status !== 404) ledger.unsure.add(id);
      // Two devices deleting the same task: the second one's 404 is the right answer.
      if (result.status === 404) result = { ...result, status: 204 };
    }
    samples.push({
      kind,
      ms: result.ms,
      ok: result.status >= 200 && result.status < 300,
      status: result.status,
      at: Date.now(),
    });
  }
}

async function runEngine(engine: 'pglite' | 'postgres', env: Record<string, string>) {
  const server = await startServer(env);
  try {
    return await runMixedLoad(engine, server.url);
  } finally {
    await server.stop();
  }
}

/** The people of a mixed load: ACCOUNTS accounts, each signed in with five habits on Today. */
export async function prepareDevices(url: string): Promise<Array<{ cookie: string; ledger: Ledger }>> {
  const ledgers: Array<{ cookie: string; ledger: Ledger }> = [];
  for (let i = 0; i < ACCOUNTS; i += 1) {
    const cookie = await signIn(url, `load-${i}-${randomUUID()}@bench.example`);
    const habits: string[] = [];
    for (let h = 0; h < 5; h += 1) {
      const res = await call(url, cookie, 'POST', '/api/habits', {
        title: `Habit ${h}`,
        isToday: true,
      });
      habits.push((res.body as { id: string }).id);
    }
    ledgers.push({ cookie, ledger: { created: new Set(), deleted: new Set(), unsure: new Set(), habits } });
  }
  return ledgers;
}

/** DEVICES_PER_ACCOUNT devices per account, each calling until `until`. */
export async function runDevices(
  url: string,
  ledgers: ReadonlyArray<{ cookie: string; ledger: Ledger }>,
  until: number,
  samples: Sample[],
  pace: DevicePace = {},
): Promise<void> {
  await Promise.all(
    ledgers.flatMap(({ cookie, ledger }) =>
      Array.from({ length: DEVICES_PER_ACCOUNT }, () => device(url, cookie, ledger, until, samples, pace)),
    ),
  );
}

/**
 * Every acknowledged create not deleted since must still be there. One whose delete was answered as
 * failed (a 5xx, or no answer) and is gone was deleted after all: counted apart (`doneThoughFailed`),
 * not as lost.
 */
export async function countLost(
  url: string,
  ledgers: ReadonlyArray<{ cookie: string; ledger: Ledger }>,
): Promise<{ acknowledged: number; missing: number; doneThoughFailed: number }> {
  let missing = 0;
  let acknowledged = 0;
  let doneThoughFailed = 0;
  for (const { cookie, ledger } of ledgers) {
    const tasks = (await call(url, cookie, 'GET', '/api/tasks')).body as Array<{ id: string }>;
    const present = new Set(tasks.map((task) => task.id));
    for (const id of ledger.created) {
      if (ledger.deleted.has(id) || present.has(id)) continue;
      if (ledger.unsure.has(id)) doneThoughFailed += 1;
      else missing += 1;
    }
    acknowledged += [...ledger.created].filter((id) => !ledger.deleted.has(id)).length;
  }
  return { acknowledged, missing, doneThoughFailed };
}

/**
 * The mixed load against one address (a server, or a balancer in front of several: bench/cluster.ts);
 * prints the table and returns errors plus lost acknowledged creates.
 */
export async function runMixedLoad(engine: string, url: string): Promise<number> {
  const ledgers = await prepareDevices(url);
  const samples: Sample[] = [];
  const until = Date.now() + DURATION_S * 1000;
  await runDevices(url, ledgers, until, samples);
  const { acknowledged, missing, doneThoughFailed } = await countLost(url, ledgers);

  const kinds: Kind[] = ['read today', 'read all', 'toggle', 'create', 'reorder', 'delete'];
  const rows = kinds.map((kind) => {
    const own = samples.filter((sample) => sample.kind === kind);
    const times = own.map((sample) => sample.ms).sort((a, b) => a - b);
    const failures = own.filter((sample) => !sample.ok);
    return {
      engine,
      call: kind,
      'req/s': Math.round(own.length / DURATION_S),
      'p50 ms': Math.round(percentile(times, 50)),
      'p99 ms': Math.round(percentile(times, 99)),
      errors: failures.length,
      statuses: [...new Set(failures.map((sample) => sample.status))].join(' ') || '-',
    };
  });
  const total = samples.length;
  const errors = samples.filter((sample) => !sample.ok).length;
  console.table(rows);
  console.log(
    `[${engine}] ${total} requests in ${DURATION_S} s (${Math.round(total / DURATION_S)} req/s), errors ${errors}; ` +
      `acknowledged tasks still present: ${acknowledged - missing} of ${acknowledged}` +
      (missing > 0 ? `  <-- ${missing} LOST` : '') +
      (doneThoughFailed > 0 ? `; ${doneThoughFailed} deleted though the delete was answered as failed` : ''),
  );
  return errors + missing;
}

export async function runLoadBenchmark(): Promise<void> {
  console.log(
    `Load: ${ACCOUNTS} accounts x ${DEVICES_PER_ACCOUNT} devices, ${DURATION_S} s per engine, a real server process each\n`,
  );
  let failures = 0;
  const dir = mkdtempSync(join(tmpdir(), 'stride-load-'));
  try {
    failures += await runEngine('pglite', { DATA_DIR: join(dir, 'data') });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (hasPostgresBinaries()) {
    const postgres = await startThrowawayPostgres();
    try {
      const database = await createDatabase(postgres.adminUrl, postgres.urlFor);
      failures += await runEngine('postgres', { DATABASE_URL: database.url });
    } finally {
      postgres.stop();
    }
  } else {
    console.warn('!!! PostgreSQL binaries not found: the PostgreSQL half of the load run is skipped.');
  }
  if (failures > 0) process.exitCode = 1;
}
