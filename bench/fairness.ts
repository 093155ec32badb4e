import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeRun, runFairness } from '../tests/faults/fairness-load';
import { createDatabase, startServer } from '../tests/faults/harness';
import { hasPostgresBinaries, startThrowawayPostgres } from '../tests/server/helpers/postgres-server';
import { checkoutBeside, measuresEngine, ROOT } from './engine-runs';
import { rssMiB } from './processes';

/*
 * `npm run bench -- fairness`: one person imports a file at the limits and exports their full account
 * three times while another person reads Today and ticks, and /api/health is polled, on each engine
 * (the real server process, as the fault test starts it). Prints the other person's and the health
 * check's latencies while the heavy work runs, against the targets; bench/notes/fairness.md keeps the
 * figures. BENCH_FAIRNESS_BESIDE=<commit> runs that commit first on each engine, side by side;
 * BENCH_ENGINES=pglite (or postgres) runs one engine.
 */
const BESIDE = process.env.BENCH_FAIRNESS_BESIDE;

export async function runFairnessBenchmark(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'stride-fairness-'));
  const beside = BESIDE ? checkoutBeside(BESIDE, 'fairness') : undefined;
  const versions = [
    ...(beside && BESIDE ? [{ name: BESIDE, cwd: beside.dir }] : []),
    { name: 'now', cwd: ROOT },
  ];
  try {
    for (const [i, version] of measuresEngine('pglite') ? versions.entries() : []) {
      const embedded = await startServer({ DATA_DIR: join(root, `data-${i}`) }, { cwd: version.cwd });
      try {
        const run = await runFairness(embedded.url, { exports: 3 });
        console.log(describeRun(`the embedded database (${version.name})`, run));
        // The database's thread is a second V8 isolate in the same process: what it costs shows here.
        const rss = embedded.child.pid === undefined ? undefined : rssMiB(embedded.child.pid);
        console.log(`  resident memory after the run: ${rss ?? '?'} MiB`);
      } finally {
        await embedded.stop();
      }
    }
    if (!measuresEngine('postgres')) return;
    if (!hasPostgresBinaries()) {
      console.log('PostgreSQL binaries not found: the PostgreSQL run is skipped');
      return;
    }
    const postgres = await startThrowawayPostgres();
    try {
      for (const version of versions) {
        const database = await createDatabase(postgres.adminUrl, postgres.urlFor);
        const server = await startServer({ DATABASE_URL: database.url }, { cwd: version.cwd });
        try {
          console.log(
            describeRun(`PostgreSQL (${version.name})`, await runFairness(server.url, { exports: 3 })),
          );
        } finally {
          await server.stop();
          await database.drop();
        }
      }
    } finally {
      postgres.stop();
    }
  } finally {
    beside?.cleanup();
    rmSync(root, { recursive: true, force: true });
  }
}
