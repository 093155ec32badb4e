import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { SESSION_COOKIE } from '../src/server/modules/auth/sessions.service';
import { hasPostgresBinaries, startThrowawayPostgres } from '../tests/server/helpers/postgres-server';
import {
  type BenchServer,
  benchServerCommand,
  type Measured,
  measure,
  medianOf,
  startBenchServer,
} from './processes';
import type { AutocannonOptions } from './tools';

/*
 * What the API reports share (bench/api.ts, bench/plan.ts): the compiled benchmark server on each
 * engine, autocannon runs of named calls against it, each call's median over interleaved rounds beside
 * the floor of the stack (a signed-in call running one trivial query), and the printed tables.
 */

export const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
export const CONNECTIONS = 50;
/** BENCH_ENGINES=pglite (or postgres) measures one engine only, while working on it. */
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((name) => name.trim());
export const ROOT = resolve(import.meta.dirname, '..');

/** Whether BENCH_ENGINES names `engine`, for the reports that start their servers themselves. */
export const measuresEngine = (engine: Engine): boolean => ENGINES.includes(engine);

export type Engine = 'pglite' | 'postgres';

/**
 * A detached worktree of a recent `commit` on this checkout's packages (an older commit would need its
 * own, as bench/api.ts installs them), to measure beside this one.
 */
export function checkoutBeside(commit: string, name: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `stride-${name}-beside-`));
  execFileSync('git', ['worktree', 'add', '--detach', dir, commit], { cwd: ROOT, stdio: 'ignore' });
  const cleanup = () => {
    execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT, stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  } catch (error) {
    cleanup();
    throw error;
  }
  return { dir, cleanup };
}

/** checkoutBeside, with its benchmark server compiled. */
export function compiledCheckout(commit: string, name: string): { dir: string; cleanup: () => void } {
  const checkout = checkoutBeside(commit, name);
  try {
    execFileSync('node', ['--import', 'tsx', 'scripts/build-server.ts', '--bench'], {
      cwd: checkout.dir,
      stdio: 'inherit',
    });
  } catch (error) {
    checkout.cleanup();
    throw error;
  }
  return checkout;
}
export type Row = { engine: string; call: string; measured: Measured; floor?: number };
export type Target = { what: string; value: string; met: boolean };
type Options = AutocannonOptions;

/** A benchmarked call: autocannon's options for a server, given what the report read beforehand. */
export type Call<Context> = { name: string; options: (server: BenchServer, context: Context) => Options };

export const FLOOR = 'floor (signed in, select 1)';
export const floorCall: Call<unknown> = {
  name: FLOOR,
  options: (s) => ({ url: `${s.base}/api/bench/floor` }),
};

export function headersFor(token: string, base: string) {
  return { cookie: `${SESSION_COOKIE}=${token}`, 'x-time-zone': 'UTC', origin: base };
}

/** One run of a call as the benchmark account (a call's own headers, a cookie included, come first). */
export function run<Context>(
  server: BenchServer,
  call: Call<Context>,
  context: Context,
  extra: Partial<Options> = {},
): Promise<Measured> {
  const options = call.options(server, context);
  const all: Options = {
    ...options,
    headers: { ...headersFor(server.account.token, server.base), ...(options.headers ?? {}) },
    connections: CONNECTIONS,
    duration: DURATION_S,
    ...extra,
  };
  // A run of a fixed number of requests has no duration.
  if (all.amount !== undefined) delete all.duration;
  return measure(server, all);
}

/** A second of each call: JIT, caches, the connection pool. */
export async function warmUp<Context>(server: BenchServer, calls: Array<Call<Context>>, context: Context) {
  for (const call of calls) await run(server, call, context, { duration: 1 });
}

/**
 * Each call's median over ROUNDS rounds, the calls interleaved in each (the machine is shared: its speed
 * drifts), as rows beside the floor's median, which must be among the calls.
 */
export async function measureInRounds<Context>(
  engine: string,
  server: BenchServer,
  calls: Array<Call<Context>>,
  context: Context,
): Promise<Row[]> {
  const runs = new Map<string, Measured[]>();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const call of calls)
      runs.set(call.name, [...(runs.get(call.name) ?? []), await run(server, call, context)]);
  }
  const floor = medianOf(runs.get(FLOOR) ?? []).rps;
  return calls.map((call) => ({
    engine,
    call: call.name,
    measured: medianOf(runs.get(call.name) ?? []),
    floor,
  }));
}

/** Targets as fractions of the floor, for the rows of one engine. */
export function floorTargets(
  engine: string,
  rows: Row[],
  goals: ReadonlyArray<readonly [string, number]>,
): Target[] {
  return goals.map(([name, goal]) => {
    const row = rows.find((r) => r.engine === engine && r.call === name);
    const value = row?.floor ? row.measured.rps / row.floor : 0;
    return {
      what: `${engine}: ${name} >= ${goal * 100}% of floor`,
      value: `${Math.round(value * 100)}%`,
      met: value >= goal,
    };
  });
}

/** `npm run build`'s server build, with the benchmark's server (bench/server.ts) compiled beside it. */
export function buildBenchServer(): void {
  execFileSync('node', ['--import', 'tsx', 'scripts/build-server.ts', '--bench'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}

/** The compiled benchmark server, seeded, on the engine `env` names. */
export function startEngineServer(env: Record<string, string>): Promise<BenchServer> {
  return startBenchServer(benchServerCommand(ROOT), env);
}

/**
 * Runs `visit` with each engine BENCH_ENGINES names: PGlite in a throwaway folder, then a throwaway
 * PostgreSQL 15 with a fresh database (skipped, and said, without its binaries).
 */
export async function forEachEngine(
  visit: (
    engine: Engine,
    env: Record<string, string>,
    postgres?: Awaited<ReturnType<typeof startThrowawayPostgres>>,
  ) => Promise<void>,
): Promise<void> {
  if (ENGINES.includes('pglite')) {
    const dir = mkdtempSync(join(tmpdir(), 'stride-bench-'));
    try {
      await visit('pglite', { DATA_DIR: join(dir, 'data') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (ENGINES.includes('postgres') && hasPostgresBinaries()) {
    const postgres = await startThrowawayPostgres();
    try {
      const admin = new pg.Client({ connectionString: postgres.adminUrl });
      await admin.connect();
      await admin.query('create database bench');
      await admin.end();
      await visit('postgres', { DATABASE_URL: postgres.urlFor('bench') }, postgres);
    } finally {
      postgres.stop();
    }
  } else if (ENGINES.includes('postgres')) {
    console.warn('!!! PostgreSQL binaries not found: the PostgreSQL half of the benchmark is skipped.');
  }
}

export function printRows(rows: Row[]): void {
  console.table(
    rows.map((row) => ({
      engine: row.engine,
      call: row.call,
      'req/s': Math.round(row.measured.rps),
      'of floor': row.floor ? `${Math.round((row.measured.rps / row.floor) * 100)}%` : '',
      'p50 ms': row.measured.p50,
      'p99 ms': row.measured.p99,
      'CPU ms/req': row.measured.cpuPerRequest?.toFixed(2) ?? '?',
      errors: row.measured.errors,
    })),
  );
}

export function printTargets(targets: Target[]): void {
  console.table(
    targets.map((target) => ({
      target: target.what,
      measured: target.value,
      met: target.met ? 'yes' : 'NO',
    })),
  );
}
