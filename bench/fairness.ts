import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeRun, runFairness } from '../tests/faults/fairness-load';
import { createDatabase, startServer } from '../tests/faults/harness';
import { hasPostgresBinaries, startThrowawayPostgres } from '../tests/server/helpers/postgres-server';

/*
 * `npm run bench -- fairness`: one person imports a file at the limits and exports their full account
 * three times while another person reads Today and ticks, and /api/health is polled, on each engine
 * (the real server process, as the fault test starts it). Prints the other person's and the health
 * check's latencies while the heavy work runs; bench/notes/fairness.md keeps the figures.
 */
export async function runFairnessBenchmark(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'stride-fairness-'));
  try {
    const embedded = await startServer({ DATA_DIR: join(root, 'data') });
    try {
      console.log(describeRun('the embedded database', await runFairness(embedded.url, { exports: 3 })));
    } finally {
      await embedded.stop();
    }
    if (!hasPostgresBinaries()) {
      console.log('PostgreSQL binaries not found: the PostgreSQL run is skipped');
      return;
    }
    const postgres = await startThrowawayPostgres();
    try {
      const database = await createDatabase(postgres.adminUrl, postgres.urlFor);
      const server = await startServer({ DATABASE_URL: database.url });
      try {
        console.log(describeRun('PostgreSQL', await runFairness(server.url, { exports: 3 })));
      } finally {
        await server.stop();
        await database.drop();
      }
    } finally {
      postgres.stop();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
