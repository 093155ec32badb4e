import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../tests/faults/harness';
import { age, CALLS, todayIds } from './api';
import {
  buildBenchServer,
  compiledCheckout,
  type Engine,
  forEachEngine,
  measureInRounds,
  printRows,
  ROOT,
  type Row,
  warmUp,
} from './engine-runs';
import { type BenchServer, benchServerCommand, median, rssMiB, startBenchServer } from './processes';

/*
 * `npm run bench -- footprint`: what a person waits for or pays besides the calls themselves, each
 * figure against its target: a second `npm start` to its first answer on both engines (the median of
 * five, the checkouts taking turns), the embedded server's resident memory and WAL folder after the
 * benchmark's load (the API report's calls in its rounds, then its ageing), its memory again once it has
 * idled SETTLE_S seconds, and a fresh install's
 * packages and disk. BENCH_FOOTPRINT_BESIDE=<commit>
 * measures that commit the same way beside this checkout; BENCH_FRESH_INSTALL=1 adds this checkout's
 * fresh install (an `npm install` into an empty folder, a minute or more).
 */

const BESIDE = process.env.BENCH_FOOTPRINT_BESIDE;
/** Second starts per side, the sides alternating: one start is a single reading on a shared machine. */
const START_ROUNDS = 5;
const FRESH_INSTALL = process.env.BENCH_FRESH_INSTALL === '1';
const MiB = 1024 * 1024;
/**
 * How long the embedded server idles after the load before its memory is read again: V8 gives its heaps'
 * pages back only when its memory reducer runs, which starts some seconds after the calls stop and took
 * 30-45 s here (bench/notes/footprint.md).
 */
const SETTLE_S = 90;

type Side = { name: string; dir: string };
type Figure = { what: string; target: string; goal: number; unit: string; values: Map<string, number> };

const figures: Figure[] = [
  {
    what: `second npm start to first answer, embedded (median of ${START_ROUNDS})`,
    target: '<= 1.5 s',
    goal: 1.5,
    unit: 's',
  },
  {
    what: `second npm start to first answer, PostgreSQL (median of ${START_ROUNDS})`,
    target: '<= 1.5 s',
    goal: 1.5,
    unit: 's',
  },
  { what: 'embedded server RSS at the end of the load', target: '<= 300 MiB', goal: 300, unit: 'MiB' },
  { what: `embedded server RSS ${SETTLE_S} s after the load`, target: '<= 300 MiB', goal: 300, unit: 'MiB' },
  { what: 'embedded WAL folder after the load', target: '< 64 MB', goal: 64, unit: 'MB' },
  { what: 'fresh install: packages', target: '<= 450', goal: 450, unit: '' },
  { what: 'fresh install: node_modules on disk', target: '<= 450 MB', goal: 450, unit: 'MB' },
].map((figure) => ({ ...figure, values: new Map<string, number>() }));

/** The load's own figures, each checkout's: what the footprint's settings cost in speed. */
const loadRows: Row[] = [];

const record = (index: number, side: Side, value: number) => figures[index]?.values.set(side.name, value);

/** A checkout of BESIDE on this checkout's packages, its benchmark server compiled. */
function checkoutBeside(commit: string): { side: Side; cleanup: () => void } {
  const { dir, cleanup } = compiledCheckout(commit, 'footprint');
  return { side: { name: `@${commit}`, dir }, cleanup };
}

/** `npm start` in a checkout; resolves with the time from spawn to /api/health's first answer. */
async function npmStart(
  side: Side,
  env: Record<string, string>,
): Promise<{ ms: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  // Its own process group: npm runs the build check and then the server as children.
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: side.dir,
    detached: true,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DEV_OIDC_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async () => {
    try {
      process.kill(-(child.pid ?? 0), 'SIGTERM');
    } catch {
      // Already gone.
    }
    await exited;
    // npm may end before the server it ran, which still holds the data directory while it closes:
    // the next start would find it taken.
    for (let i = 0; i < 1_500 && groupAlive(child.pid ?? 0); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  // Ten minutes: a first start may build the client on a busy machine.
  for (let i = 0; i < 24_000 && child.exitCode === null; i += 1) {
    const answered = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (answered) return { ms: performance.now() - started, stop };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await stop();
  throw new Error(`npm start in ${side.dir} did not answer:\n${output}`);
}

/** Whether any process of the group `pid` leads is still running. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Each side's first start (building when the sources changed, creating the database), then
 * START_ROUNDS second starts, timed, the sides taking turns; the median of each side.
 */
async function secondStartSeconds(
  sides: Array<{ side: Side; env: Record<string, string> }>,
): Promise<number[]> {
  for (const { side, env } of sides) await (await npmStart(side, env)).stop();
  const readings = sides.map(() => [] as number[]);
  for (let round = 0; round < START_ROUNDS; round += 1) {
    const order = round % 2 === 0 ? sides.keys() : [...sides.keys()].reverse();
    for (const index of order) {
      const { side, env } = sides[index] as { side: Side; env: Record<string, string> };
      const start = await npmStart(side, env);
      await start.stop();
      readings[index]?.push(start.ms / 1000);
    }
  }
  for (const [index, { side }] of sides.entries()) {
    console.log(`  second starts, ${side.name}: ${readings[index]?.map((s) => s.toFixed(2)).join(', ')} s`);
  }
  return readings.map(median);
}

function folderBytes(dir: string): number {
  return readdirSync(dir)
    .map((name) => statSync(join(dir, name)))
    .filter((stat) => stat.isFile())
    .reduce((sum, stat) => sum + stat.size, 0);
}

/** The server's resident memory after SETTLE_S seconds without calls; prints every reading on the way. */
async function idleRss(side: Side, pid: number): Promise<number> {
  const readings: number[] = [];
  for (let second = 0; second < SETTLE_S; second += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    readings.push(rssMiB(pid) ?? Number.NaN);
  }
  console.log(`  RSS every 10 s after the load, ${side.name}: ${readings.join(', ')} MiB`);
  return readings.at(-1) ?? Number.NaN;
}

/** The checkout's compiled benchmark server on a fresh embedded database, through the load. */
async function afterLoad(side: Side, dataDir: string): Promise<void> {
  const server: BenchServer = await startBenchServer(
    benchServerCommand(side.dir),
    { DATA_DIR: dataDir },
    { cwd: side.dir },
  );
  try {
    const today = await todayIds(server);
    await warmUp(server, CALLS, today);
    loadRows.push(...(await measureInRounds(`pglite ${side.name}`, server, CALLS, today)));
    await age(server, today);
    record(2, side, rssMiB(server.pid) ?? Number.NaN);
    record(4, side, folderBytes(join(dataDir, 'pg_wal')) / MiB);
    record(3, side, await idleRss(side, server.pid));
  } finally {
    await server.stop();
  }
}

/** `npm install` of the checkout's package.json and lockfile into an empty folder. */
function freshInstall(side: Side): void {
  const dir = mkdtempSync(join(tmpdir(), 'stride-fresh-install-'));
  try {
    for (const file of ['package.json', 'package-lock.json', '.npmrc'])
      if (existsSync(join(side.dir, file))) cpSync(join(side.dir, file), join(dir, file));
    const output = execFileSync('npm', ['install', '--no-audit', '--no-fund'], {
      cwd: dir,
      encoding: 'utf8',
    });
    const added = /added (\d+) packages?/.exec(output)?.[1];
    record(5, side, added ? Number(added) : Number.NaN);
    const mib = execFileSync('du', ['-sm', join(dir, 'node_modules')], { encoding: 'utf8' }).split('\t')[0];
    record(6, side, Number(mib));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measureEngine(
  engine: Engine,
  env: Record<string, string>,
  sides: Side[],
  adminUrl?: string,
  urlFor?: (name: string) => string,
): Promise<void> {
  const starting: Array<{ side: Side; env: Record<string, string> }> = [];
  for (const [index, side] of sides.entries()) {
    let startEnv: Record<string, string> = { DATA_DIR: `${env.DATA_DIR ?? ''}-start-${index}` };
    if (adminUrl && urlFor) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database start_${index}`);
      await admin.end();
      startEnv = { DATABASE_URL: urlFor(`start_${index}`) };
    }
    starting.push({ side, env: startEnv });
  }
  console.log(`${engine}:`);
  const medians = await secondStartSeconds(starting);
  for (const [index, side] of sides.entries())
    record(engine === 'pglite' ? 0 : 1, side, medians[index] ?? Number.NaN);
  if (engine === 'pglite') {
    for (const [index, side] of sides.entries()) await afterLoad(side, `${env.DATA_DIR ?? ''}-load-${index}`);
  }
}

function printFigures(sides: Side[]): void {
  const shown = (value: number | undefined, unit: string) =>
    value === undefined
      ? 'not measured'
      : `${unit === 's' ? value.toFixed(2) : Math.round(value)} ${unit}`.trim();
  console.table(
    figures.map((figure) => {
      const now = figure.values.get('now');
      const met =
        now === undefined || Number.isNaN(now)
          ? '?'
          : (figure.target.startsWith('<=') ? now <= figure.goal : now < figure.goal)
            ? 'yes'
            : 'NO';
      return {
        figure: figure.what,
        ...Object.fromEntries(
          sides.map((side) => [side.name, shown(figure.values.get(side.name), figure.unit)]),
        ),
        target: figure.target,
        met,
      };
    }),
  );
}

export async function runFootprintReport(): Promise<void> {
  buildBenchServer();
  const sides: Side[] = [{ name: 'now', dir: ROOT }];
  const beside = BESIDE ? checkoutBeside(BESIDE) : undefined;
  if (beside) sides.push(beside.side);
  console.log(
    `Load average at the start (1, 5, 15 min): ${loadavg()
      .map((value) => value.toFixed(1))
      .join(', ')}`,
  );
  console.log(
    `Footprint: second npm start on both engines, the embedded server after the API report's load${
      FRESH_INSTALL ? ', a fresh install' : ' (BENCH_FRESH_INSTALL=1 adds a fresh install)'
    }${beside ? `, now beside ${BESIDE}` : ''}\n`,
  );
  try {
    await forEachEngine((engine, env, postgres) =>
      measureEngine(engine, env, sides, postgres?.adminUrl, postgres?.urlFor),
    );
    // Once a run: both checkouts usually share a lockfile, and an install takes a minute or more.
    if (FRESH_INSTALL) freshInstall(sides[0] as Side);
  } finally {
    beside?.cleanup();
  }
  printRows(loadRows);
  printFigures(sides);
  // Every figure here is a wait or a size on this machine: a busy one stretches the starts several times.
  console.log(
    `Load average at the end (1, 5, 15 min): ${loadavg()
      .map((value) => value.toFixed(1))
      .join(', ')}`,
  );
}
