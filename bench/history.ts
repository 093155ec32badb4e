import pg from 'pg';
import {
  buildBenchServer,
  type Call,
  CONNECTIONS,
  compiledCheckout,
  DURATION_S,
  forEachEngine,
  printRows,
  printTargets,
  ROUNDS,
  type Row,
  run,
  startEngineServer,
  type Target,
} from './engine-runs';
import { type BenchServer, benchServerCommand, type Measured, medianOf, startBenchServer } from './processes';

/*
 * `npm run bench -- history`: the history read (a habit with a year done every day, bench/seed.ts)
 * side by side with the same read at HISTORY_BESIDE, the commit before it was made fast
 * (bench/notes/history.md): both compiled benchmark servers run at once on each engine, each on its
 * own database seeded by its own code, and are measured in alternating rounds, so the machine's
 * drift falls on both. Target: at least twice the earlier commit's req/s on both engines.
 */

/** The main before the history read chose its range in SQL; BENCH_HISTORY_BESIDE names another. */
export const HISTORY_BESIDE = process.env.BENCH_HISTORY_BESIDE ?? '065d481';

const HISTORY: Call<undefined> = {
  name: 'GET /api/habits/:id/history (a year done)',
  options: (s) => ({ url: `${s.base}/api/habits/${s.account.habitId}/history` }),
};

function startBeside(dir: string, env: Record<string, string>): Promise<BenchServer> {
  return startBenchServer(benchServerCommand(dir), env, {
    cwd: dir,
  });
}

export async function runHistoryBenchmark(): Promise<void> {
  buildBenchServer();
  const beside = compiledCheckout(HISTORY_BESIDE, 'history');
  console.log(
    `History: autocannon, ${CONNECTIONS} connections, medians of ${ROUNDS} alternating runs of ${DURATION_S} s, compiled servers, now beside ${HISTORY_BESIDE}\n`,
  );
  const rows: Row[] = [];
  const targets: Target[] = [];
  try {
    await forEachEngine(async (engine, env, postgres) => {
      let besideEnv: Record<string, string> = { ...env, DATA_DIR: `${env.DATA_DIR ?? ''}-beside` };
      if (postgres) {
        const admin = new pg.Client({ connectionString: postgres.adminUrl });
        await admin.connect();
        await admin.query('create database bench_beside');
        await admin.end();
        besideEnv = { DATABASE_URL: postgres.urlFor('bench_beside') };
      }
      const then = await startBeside(beside.dir, besideEnv);
      const now = await startEngineServer(env);
      try {
        for (const server of [then, now]) await run(server, HISTORY, undefined, { duration: 1 });
        const theirs: Measured[] = [];
        const ours: Measured[] = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          theirs.push(await run(then, HISTORY, undefined));
          ours.push(await run(now, HISTORY, undefined));
        }
        const before = medianOf(theirs);
        const after = medianOf(ours);
        rows.push({ engine: `${engine} @${HISTORY_BESIDE}`, call: HISTORY.name, measured: before });
        rows.push({ engine: `${engine} (now)`, call: HISTORY.name, measured: after });
        const ratio = after.rps / before.rps;
        targets.push({
          what: `${engine}: history >= 2x ${HISTORY_BESIDE}`,
          value: `${ratio.toFixed(2)}x (${Math.round(before.rps)} -> ${Math.round(after.rps)} req/s)`,
          met: ratio >= 2,
        });
      } finally {
        await now.stop();
        await then.stop();
      }
    });
  } finally {
    beside.cleanup();
  }
  printRows(rows);
  printTargets(targets);
}
