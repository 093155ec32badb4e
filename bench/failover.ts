import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { missingFailoverBinaries } from '../scripts/cluster-ha';
import { missingClusterBinaries } from '../scripts/cluster-topology';
import { type FailoverShape, startFailoverShape } from '../scripts/failover-shape';
import { withStartEnvironment } from '../scripts/start-environment';
import { signedInDevices } from '../tests/faults/cluster-load';
import { failOver } from '../tests/faults/failover-run';

/*
 * `npm run bench -- failover`: the production shape with pg_auto_failover (two compiled instances,
 * PgBouncer following the primary), under the fault test's load from 8 devices, with the primary's node
 * killed (kill -9) and then the new one, back again (docs/decisions/035-database-failover.md). Prints,
 * for each switch, how long until a write was acknowledged again, the requests that failed, the
 * acknowledged writes lost, and the 99th percentile of the answers during the switch.
 */

const ROOT = resolve(import.meta.dirname, '..');
const INSTANCES = 2;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export async function runFailoverBenchmark(): Promise<void> {
  const missing = [...missingClusterBinaries(), ...missingFailoverBinaries()];
  if (missing.length > 0) {
    console.warn(`!!! The failover benchmark is skipped: ${missing.join(', ')} not installed.`);
    return;
  }
  execFileSync('node', ['--import', 'tsx', 'scripts/build-server.ts'], { cwd: ROOT, stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), 'stride-bench-failover-'));
  let shape: FailoverShape | undefined;
  const rows: Array<Record<string, string | number>> = [];
  let lostAny = 0;
  try {
    shape = await startFailoverShape(dir, {
      command: withStartEnvironment(ROOT, [process.execPath, join(ROOT, 'dist/server/main.js')]),
      instances: INSTANCES,
      checkIntervalMs: 1_000,
      extraEnv: { RATE_LIMITS: 'off', NODE_ENV: 'test' },
    });
    const signedIn = await signedInDevices(shape.base, 'bench-failover');
    for (const label of ['kill -9 of the primary', 'and of the new one (back)']) {
      const run = await failOver(shape, signedIn, INSTANCES);
      lostAny += run.lost.length;
      rows.push({
        switch: label,
        'writes back after (s)': run.resumedMs === undefined ? 'never' : (run.resumedMs / 1000).toFixed(1),
        requests: run.requests,
        'failed (all 503 + Retry-After?)': `${run.failures.length} (${run.failures.every((f) => f.status === 503 && f.retryAfter !== null) ? 'yes' : 'no'})`,
        'acknowledged writes': run.acknowledged,
        'lost writes': run.lost.length,
        'p99 during the switch (ms)': Math.round(
          percentile(
            run.duringSwitch.map((s) => s.ms),
            99,
          ),
        ),
      });
    }
    console.log('Target: writes back within 15 s, 0 lost writes.');
    console.table(rows);
  } finally {
    await shape?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  if (lostAny > 0) process.exitCode = 1;
}
