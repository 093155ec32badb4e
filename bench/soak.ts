import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AccountExport } from '#shared/api/account-data';
import { addDays } from '#shared/domain/days';
import {
  call,
  createDatabase,
  type ServerProcess,
  signIn,
  sleep,
  startServer,
} from '../tests/faults/harness';
import { hasPostgresBinaries, startThrowawayPostgres } from '../tests/server/helpers/postgres-server';
import { countLost, type DevicePace, percentile, prepareDevices, runDevices, type Sample } from './load';
import { rssMiB } from './processes';

/*
 * `npm run bench -- soak`: a long run of mixed load on a real server process per engine, to show that
 * nothing drifts (docs/benchmark.md, "Soak"). The load report's people (bench/load.ts) call at a
 * person's pace with their lists kept the same size, while one more person, over and over, signs in
 * as a new account, imports a file of BENCH_SOAK_IMPORT_DAYS completed days, exports it as JSON and
 * as CSV, checks both hold every day, and deletes the account. Each minute prints the calls' p50, p99
 * and errors and the server's resident memory; the end says whether memory stayed flat and p99 stable,
 * with 0 errors and nothing lost.
 */

const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 30);
const IMPORT_DAYS = Number(process.env.BENCH_SOAK_IMPORT_DAYS ?? 50_000);
const ENGINES = (process.env.BENCH_SOAK_ENGINES ?? 'pglite,postgres').split(',').map((name) => name.trim());
/** About five calls a second per device: 150 a second from 30 devices, a busy hour of a small team. */
const PACE: DevicePace = { thinkMs: 200, liveTasksCap: 40 };
/** A rest between the heavy person's rounds, so imports and exports come about twice a minute. */
const HEAVY_REST_MS = 15_000;
/** Flat: the last third's memory at most this much above the middle third's. */
const MEMORY_GROWTH_MAX = 0.1;
/** Stable: the last third's p99 at most this many times the middle third's. */
const P99_DRIFT_MAX = 1.5;

type HeavyKind = 'import' | 'export json' | 'export csv' | 'delete account';
type HeavySample = { kind: HeavyKind; ms: number; ok: boolean; status: number; at: number };

/** A file of habits whose completed days end yesterday, `days` of them in all. */
function importFile(days: number, today: string) {
  // An item holds at most 10,000 days, and an import takes none before 2000-01-01.
  const perHabit = Math.min(days, 9_000);
  const habits = [];
  for (let left = days, index = 0; left > 0; left -= perHabit, index += 1) {
    const count = Math.min(left, perHabit);
    habits.push({
      id: randomUUID(),
      title: `Soak habit ${index + 1}`,
      isToday: false,
      todaySortOrder: 0,
      sortOrder: index,
      completedDays: Array.from({ length: count }, (_, back) => addDays(today, back - count)),
    });
  }
  return { format: 'stride-export', version: 3, habits };
}

/** The heavy person's rounds until `until`; returns completed days lost between import and export. */
async function heavyPerson(url: string, until: number, samples: HeavySample[]): Promise<number> {
  let lost = 0;
  const record = (kind: HeavyKind, ms: number, status: number, okStatus: number) =>
    samples.push({ kind, ms, status, ok: status === okStatus, at: Date.now() });
  while (Date.now() < until) {
    const cookie = await signIn(url, `soak-heavy-${randomUUID()}@bench.example`);
    const today = new Date().toISOString().slice(0, 10);
    const imported = await call(
      url,
      cookie,
      'POST',
      '/api/account/import',
      importFile(IMPORT_DAYS, today),
      120_000,
    );
    record('import', imported.ms, imported.status, 200);
    const added = (imported.body as { added?: { completedDays?: number } } | undefined)?.added?.completedDays;
    if (imported.status === 200 && added !== IMPORT_DAYS) lost += IMPORT_DAYS - (added ?? 0);

    const json = await call(url, cookie, 'GET', '/api/account/export', undefined, 120_000);
    record('export json', json.ms, json.status, 200);
    if (json.status === 200) {
      const file = json.body as AccountExport;
      const days = file.habits.reduce((total, habit) => total + habit.completedDays.length, 0);
      if (imported.status === 200 && days !== IMPORT_DAYS) lost += IMPORT_DAYS - days;
    }

    const started = performance.now();
    const csv = await fetch(`${url}/api/account/export/csv/completions`, {
      headers: { cookie, origin: url },
      signal: AbortSignal.timeout(120_000),
    }).then(
      async (res) => ({ status: res.status, text: await res.text() }),
      () => ({ status: 0, text: '' }),
    );
    record('export csv', performance.now() - started, csv.status, 200);
    if (csv.status === 200 && imported.status === 200) {
      // A header line, then one line per completed day.
      const rows = csv.text.split('\n').filter((line) => line.trim() !== '').length - 1;
      if (rows !== IMPORT_DAYS) lost += IMPORT_DAYS - rows;
    }

    const removed = await call(url, cookie, 'DELETE', '/api/account', undefined, 120_000);
    record('delete account', removed.ms, removed.status, 204);
    await sleep(Math.min(HEAVY_REST_MS, Math.max(0, until - Date.now())));
  }
  return lost;
}

const thirdOf = <T>(items: readonly T[], third: 0 | 1 | 2) =>
  items.slice(Math.floor((third * items.length) / 3), Math.floor(((third + 1) * items.length) / 3));

const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** One engine's soak; returns how many of its checks failed. */
async function soak(engine: string, server: ServerProcess): Promise<number> {
  const pid = server.child.pid ?? 0;
  const ledgers = await prepareDevices(server.url);
  const samples: Sample[] = [];
  const heavy: HeavySample[] = [];
  const start = Date.now();
  const until = start + MINUTES * 60_000;
  const memory: Array<{ at: number; mib: number }> = [];
  const watch = setInterval(() => {
    const mib = rssMiB(pid);
    if (mib !== undefined) memory.push({ at: Date.now(), mib });
  }, 10_000);
  let lostDays: number;
  try {
    [lostDays] = await Promise.all([
      heavyPerson(server.url, until, heavy),
      runDevices(server.url, ledgers, until, samples, PACE),
    ]);
  } finally {
    clearInterval(watch);
  }
  const { acknowledged, missing, doneThoughFailed } = await countLost(server.url, ledgers);

  const minutes = Array.from({ length: MINUTES }, (_, index) => {
    const from = start + index * 60_000;
    const inMinute = <T extends { at: number }>(list: readonly T[]) =>
      list.filter((item) => item.at >= from && item.at < from + 60_000);
    const calls = inMinute(samples);
    const times = calls.map((sample) => sample.ms).sort((a, b) => a - b);
    const heavyCalls = inMinute(heavy);
    const mib = inMinute(memory).at(-1)?.mib;
    return {
      minute: index + 1,
      calls: calls.length,
      'p50 ms': Math.round(percentile(times, 50)),
      'p99 ms': Math.round(percentile(times, 99)),
      'max ms': Math.round(times.at(-1) ?? 0),
      errors: calls.filter((sample) => !sample.ok).length + heavyCalls.filter((sample) => !sample.ok).length,
      'imports, exports': heavyCalls
        .filter((sample) => sample.kind !== 'delete account')
        .map((sample) => `${sample.kind.split(' ').at(-1)} ${(sample.ms / 1000).toFixed(1)}s`)
        .join(', '),
      'RSS MiB': mib ?? '-',
    };
  });
  console.table(minutes);

  const errors = samples.filter((sample) => !sample.ok);
  const heavyErrors = heavy.filter((sample) => !sample.ok);
  const statuses = [...new Set([...errors, ...heavyErrors].map((sample) => sample.status))].join(' ');
  const p99Of = (third: 0 | 1 | 2) => thirdOf(minutes, third).map((minute) => minute['p99 ms']);
  const [middleP99, lastP99] = [median(p99Of(1)), median(p99Of(2))];
  const mibOf = (third: 0 | 1 | 2) => thirdOf(memory, third).map((reading) => reading.mib);
  const [middleMiB, lastMiB] = [median(mibOf(1)), median(mibOf(2))];
  const growth = middleMiB > 0 ? lastMiB / middleMiB - 1 : 0;
  const heavyRow = (kind: HeavyKind) => {
    const times = heavy
      .filter((sample) => sample.kind === kind)
      .map((sample) => sample.ms)
      .sort((a, b) => a - b);
    return `${kind} ${times.length}x, median ${(median(times) / 1000).toFixed(2)} s, max ${((times.at(-1) ?? 0) / 1000).toFixed(2)} s`;
  };
  const checks = [
    [
      `errors: ${errors.length} of ${samples.length} calls, ${heavyErrors.length} of ${heavy.length} heavy ones${statuses ? ` (statuses ${statuses})` : ''}`,
      errors.length + heavyErrors.length === 0,
    ],
    [
      `lost: ${missing} of ${acknowledged} acknowledged tasks, ${lostDays} imported days (deleted though the delete was answered as failed: ${doneThoughFailed})`,
      missing + lostDays === 0,
    ],
    [
      `memory: median ${middleMiB} MiB in the middle third, ${lastMiB} MiB in the last (${(growth * 100).toFixed(1)}%; flat is at most ${MEMORY_GROWTH_MAX * 100}%)`,
      growth <= MEMORY_GROWTH_MAX,
    ],
    [
      `p99: median of the minutes ${middleP99} ms in the middle third, ${lastP99} ms in the last (stable is at most ${P99_DRIFT_MAX}x)`,
      lastP99 <= middleP99 * P99_DRIFT_MAX,
    ],
  ] as const;
  console.log(`[${engine}] ${heavyRow('import')}; ${heavyRow('export json')}; ${heavyRow('export csv')}`);
  for (const [text, met] of checks) console.log(`[${engine}] ${met ? 'met    ' : 'NOT MET'} ${text}`);
  return checks.filter(([, met]) => !met).length;
}

export async function runSoakBenchmark(): Promise<void> {
  console.log(
    `Soak: ${MINUTES} min per engine (${ENGINES.join(', ')}); 30 devices at a person's pace, and imports of ${IMPORT_DAYS.toLocaleString('en-US')} completed days with exports of them\n`,
  );
  let failures = 0;
  if (ENGINES.includes('pglite')) {
    const dir = mkdtempSync(join(tmpdir(), 'stride-soak-'));
    const server = await startServer({ DATA_DIR: join(dir, 'data') });
    try {
      failures += await soak('pglite', server);
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (ENGINES.includes('postgres')) {
    if (!hasPostgresBinaries()) {
      console.warn('!!! PostgreSQL binaries not found: the PostgreSQL soak is skipped.');
    } else {
      const postgres = await startThrowawayPostgres();
      try {
        const database = await createDatabase(postgres.adminUrl, postgres.urlFor);
        const server = await startServer({ DATABASE_URL: database.url });
        try {
          failures += await soak('postgres', server);
        } finally {
          await server.stop();
        }
      } finally {
        postgres.stop();
      }
    }
  }
  if (failures > 0) process.exitCode = 1;
}
