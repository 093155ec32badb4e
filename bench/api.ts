import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  buildBenchServer,
  type Call,
  CONNECTIONS,
  DURATION_S,
  type Engine,
  FLOOR,
  floorCall,
  floorTargets,
  forEachEngine,
  headersFor,
  measureInRounds,
  printRows,
  printTargets,
  ROOT,
  ROUNDS,
  type Row,
  run,
  startEngineServer,
  type Target,
  warmUp,
} from './engine-runs';
import {
  type Account,
  type BenchServer,
  type Measured,
  medianOf,
  rssMiB,
  startBenchServer,
} from './processes';

/*
 * `npm run bench -- api`: the hot API calls on both engines against a compiled server process, each
 * beside the floor of the stack (a signed-in call running one trivial query), in interleaved rounds
 * (the machine is shared: medians of BENCH_ROUNDS runs of BENCH_DURATION seconds each). Then each
 * engine's ageing (10,000 ticks and 2,000 reorders, Today read again beside the floor), and on
 * PostgreSQL the same call side by side with the server at BASELINE_COMMIT. Targets from the "fast by
 * default" work are checked at the end; nothing here is a test that fails the build.
 */

/** The main before this work began (the outside measurements were taken there). */
export const BASELINE_COMMIT = '49607ad';

type TodayIds = Array<{ id: string; type: 'task' | 'habit' }>;

const TODAY_BUILT = 'GET /api/today (built each time)';
const callNamed = (name: string) => CALLS.find((call) => call.name === name) as Call<TodayIds>;

/** The API report's calls; bench/footprint.ts runs them as the benchmark's load too. */
export const CALLS: Array<Call<TodayIds>> = [
  floorCall,
  { name: 'GET /api/today', options: (s) => ({ url: `${s.base}/api/today` }) },
  {
    // The same read with the list built by the database every time, as after any write: the answer
    // the server keeps (docs/decisions/013-api-cost.md, "Today's answer is kept") is not used.
    name: TODAY_BUILT,
    options: (s) => ({ url: `${s.base}/api/today`, headers: { 'cache-control': 'no-cache' } }),
  },
  { name: 'GET /api/goals', options: (s) => ({ url: `${s.base}/api/goals` }) },
  {
    name: 'PATCH habit completedToday',
    options: (s) => ({
      url: s.base,
      requests: [true, false].map((completedToday) => ({
        method: 'PATCH' as const,
        path: `/api/habits/${s.account.habitId}`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ completedToday }),
      })),
    }),
  },
  {
    // A habit with a year of daily completions, one of 20 such (bench/seed.ts).
    name: 'GET /api/habits/:id/history (a year done)',
    options: (s) => ({ url: `${s.base}/api/habits/${s.account.habitId}/history` }),
  },
  {
    name: 'POST /api/today/reorder (30)',
    options: (s, today) => ({
      url: s.base,
      requests: [0, 1].map((turn) => ({
        method: 'POST' as const,
        path: '/api/today/reorder',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          items: (turn === 0 ? today : today.slice().reverse()).map((item, position) => ({
            ...item,
            todaySortOrder: position,
          })),
        }),
      })),
    }),
  },
];

/** The ids on the benchmark account's Today, which the reorder call sends back. */
export async function todayIds(server: BenchServer): Promise<TodayIds> {
  const res = await fetch(`${server.base}/api/today`, {
    headers: headersFor(server.account.token, server.base),
  });
  const body = (await res.json()) as { tasks: Array<{ id: string }>; habits: Array<{ id: string }> };
  return [
    ...body.tasks.map((task) => ({ id: task.id, type: 'task' as const })),
    ...body.habits.map((habit) => ({ id: habit.id, type: 'habit' as const })),
  ];
}

async function benchEngine(
  engine: Engine,
  env: Record<string, string>,
  rows: Row[],
  targets: Target[],
  lifecycle: Array<Record<string, string | number>>,
): Promise<BenchServer> {
  const server = await startEngineServer(env);
  const today = await todayIds(server);
  await warmUp(server, CALLS, today);
  lifecycle.push({
    engine,
    'start-up (spawn to ready, seeding included) ms': server.startupMs,
    'RSS after warm-up MiB': rssMiB(server.pid) ?? '?',
  });
  rows.push(...(await measureInRounds(engine, server, CALLS, today)));
  targets.push(
    ...floorTargets(engine, rows, [
      ['GET /api/today', 0.5],
      ['PATCH habit completedToday', 0.4],
      ['GET /api/goals', 0.6],
    ]),
  );
  const fraction = (name: string) => {
    const row = rows.find((r) => r.engine === engine && r.call === name);
    return row?.floor ? row.measured.rps / row.floor : 0;
  };

  // Ageing: what a year of ticks and drags does to the Today read. The aged read is taken in rounds
  // interleaved with the floor and compared as a fraction of it, like every other figure: the machine's
  // speed drifts between the fresh rounds and these, and a plain req/s comparison measured that drift.
  // It is the list built each time that is compared: a kept answer would hide what the tables became.
  const freshFraction = fraction(TODAY_BUILT);
  await age(server, today);
  const aged: Measured[] = [];
  const agedFloor: Measured[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    agedFloor.push(await run(server, callNamed(FLOOR), today));
    aged.push(await run(server, callNamed(TODAY_BUILT), today));
  }
  const agedFraction = medianOf(aged).rps / medianOf(agedFloor).rps;
  rows.push({
    engine,
    call: `${TODAY_BUILT} after 10,000 ticks + 2,000 reorders`,
    measured: medianOf(aged),
    floor: medianOf(agedFloor).rps,
  });
  targets.push({
    what: `${engine}: GET /api/today aged within 20% of fresh`,
    value: `${Math.round((agedFraction / freshFraction) * 100)}% of fresh (of floor: ${Math.round(
      agedFraction * 100,
    )}% aged, ${Math.round(freshFraction * 100)}% fresh)`,
    met: agedFraction >= freshFraction * 0.8,
  });
  return server;
}

/** A year of ticks and drags on the benchmark account: 10,000 habit ticks, then 2,000 reorders. */
export async function age(server: BenchServer, today: TodayIds): Promise<void> {
  const toggle = CALLS.find((call) => call.name.startsWith('PATCH')) as Call<TodayIds>;
  const reorder = CALLS.find((call) => call.name.startsWith('POST')) as Call<TodayIds>;
  await run(server, toggle, today, { amount: 10_000 });
  await run(server, reorder, today, { amount: 2_000 });
}

/**
 * The baseline's own dependencies (ours have moved on: it still imports packages we dropped),
 * installed once from its lockfile into a cache folder that later runs reuse.
 */
function baselineDependencies(worktree: string): string {
  const cache = join(ROOT, 'node_modules', '.cache', `stride-baseline-${BASELINE_COMMIT}`);
  const modules = join(cache, 'node_modules');
  if (existsSync(join(cache, 'installed'))) return modules;
  mkdirSync(cache, { recursive: true });
  for (const file of ['package.json', 'package-lock.json'])
    if (existsSync(join(worktree, file))) copyFileSync(join(worktree, file), join(cache, file));
  console.log(`Installing the dependencies of ${BASELINE_COMMIT} once (cached in ${cache})...`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: cache,
    stdio: 'inherit',
  });
  writeFileSync(join(cache, 'installed'), new Date().toISOString());
  return modules;
}

/** The server as it was at BASELINE_COMMIT, on its own database of the same PostgreSQL, seeded by its own code. */
async function startBaseline(
  adminUrl: string,
  urlFor: (name: string) => string,
): Promise<{ server: BenchServer; cleanup: () => void } | undefined> {
  try {
    execFileSync('git', ['cat-file', '-e', `${BASELINE_COMMIT}^{commit}`], { cwd: ROOT, stdio: 'ignore' });
  } catch {
    console.warn(
      `!!! commit ${BASELINE_COMMIT} is not in this clone: the side-by-side comparison is skipped.`,
    );
    return undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), 'stride-baseline-'));
  execFileSync('git', ['worktree', 'add', '--detach', dir, BASELINE_COMMIT], { cwd: ROOT, stdio: 'ignore' });
  const cleanup = () => {
    execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT, stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    symlinkSync(baselineDependencies(dir), join(dir, 'node_modules'));
    const name = `baseline_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const seedScript = join(dir, 'bench-seed-baseline.ts');
    writeFileSync(
      seedScript,
      `import { openDatabase } from './src/server/db/client';
import { migrateDatabase } from './src/server/db/migrate';
import { seed } from './bench/seed';
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
await migrateDatabase(database);
console.log(JSON.stringify(await seed(database.db)));
await database.close();
`,
    );
    const output = execFileSync('node', ['--import', 'tsx', seedScript], {
      cwd: dir,
      env: { ...process.env, DATABASE_URL: urlFor(name) },
      encoding: 'utf8',
    });
    const account = JSON.parse(output.trim().split('\n').pop() ?? '{}') as Account;
    // What `npm start` ran then: the TypeScript sources through tsx.
    const server = await startBenchServer(
      ['node', '--import', 'tsx', 'src/server/main.ts'],
      { DATABASE_URL: urlFor(name) },
      {
        cwd: dir,
        account,
        readyUrl: (base) => `${base}/api/health`,
      },
    );
    return { server, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

async function compareWithBaseline(
  current: BenchServer,
  adminUrl: string,
  urlFor: (name: string) => string,
  rows: Row[],
  targets: Target[],
) {
  const baseline = await startBaseline(adminUrl, urlFor);
  if (!baseline) return;
  try {
    const today = callNamed('GET /api/today');
    const built = callNamed(TODAY_BUILT);
    const currentIds = await todayIds(current);
    const baselineIds = await todayIds(baseline.server);
    await run(baseline.server, today, baselineIds, { duration: 1 });
    const ours: Measured[] = [];
    const oursBuilt: Measured[] = [];
    const theirs: Measured[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      theirs.push(await run(baseline.server, today, baselineIds));
      ours.push(await run(current, today, currentIds));
      oursBuilt.push(await run(current, built, currentIds));
    }
    const then = medianOf(theirs);
    const now = medianOf(ours);
    rows.push({
      engine: `postgres @${BASELINE_COMMIT}`,
      call: 'GET /api/today (side by side)',
      measured: then,
    });
    rows.push({ engine: 'postgres (now)', call: 'GET /api/today (side by side)', measured: now });
    rows.push({
      engine: 'postgres (now)',
      call: `${TODAY_BUILT} (side by side)`,
      measured: medianOf(oursBuilt),
    });
    const ratio = now.rps / then.rps;
    targets.push({
      what: `postgres: GET /api/today >= 3x ${BASELINE_COMMIT}`,
      value: `${ratio.toFixed(2)}x`,
      met: ratio >= 3,
    });
    targets.push({
      what: 'postgres: GET /api/today p99 <= 50 ms',
      value: `${now.p99} ms`,
      met: now.p99 <= 50,
    });
  } finally {
    await baseline.server.stop();
    baseline.cleanup();
  }
}

export async function runApiBenchmark(): Promise<void> {
  buildBenchServer();
  console.log(
    `API: autocannon, ${CONNECTIONS} connections, medians of ${ROUNDS} interleaved runs of ${DURATION_S} s, compiled server process\n`,
  );
  const rows: Row[] = [];
  const targets: Target[] = [];
  const lifecycle: Array<Record<string, string | number>> = [];
  await forEachEngine(async (engine, env, postgres) => {
    const server = await benchEngine(engine, env, rows, targets, lifecycle);
    try {
      if (postgres) await compareWithBaseline(server, postgres.adminUrl, postgres.urlFor, rows, targets);
    } catch (error) {
      // The comparison needs an old checkout and its packages; the rest of the table still stands.
      console.warn(`!!! the side-by-side comparison with ${BASELINE_COMMIT} failed: ${String(error)}`);
    } finally {
      await server.stop();
    }
  });
  printRows(rows);
  console.table(lifecycle);
  printTargets(targets);
}
