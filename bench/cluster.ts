import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  createAppDatabase,
  type Launched,
  makeOwnedDir,
  missingClusterBinaries,
  pickPorts,
  sleep,
  startHaproxy,
  startInstance,
  startPgbouncer,
  startPostgres,
  stopPostgres,
  waitForBalancer,
  waitForHealthy,
  waitForPort,
  writePgbouncerFiles,
} from '../scripts/cluster-topology';
import { withStartEnvironment } from '../scripts/start-environment';
import { ACCOUNTS, DEVICES_PER_ACCOUNT, DURATION_S, runMixedLoad } from './load';
import { cpuMs, rssMiB } from './processes';

/*
 * `npm run bench -- cluster`: the mixed load of bench/load.ts through HAProxy to one compiled
 * instance, then to two, both on PgBouncer (transaction mode) and PostgreSQL, as `npm run cluster`
 * runs them (docs/decisions/014-production-topology.md). On one machine the instances share its
 * cores, so this shows that the shape works and what the extra hop costs, not how it scales.
 */

const ROOT = resolve(import.meta.dirname, '..');

async function stop(launched: Launched | undefined): Promise<void> {
  if (!launched || launched.child.exitCode !== null || launched.child.signalCode !== null) return;
  launched.child.kill('SIGTERM');
  await Promise.race([launched.exited, sleep(20_000)]);
  if (launched.child.exitCode === null && launched.child.signalCode === null) launched.child.kill('SIGKILL');
}

export async function runClusterBenchmark(): Promise<void> {
  const missing = missingClusterBinaries();
  if (missing.length > 0) {
    console.warn(`!!! The cluster benchmark is skipped: ${missing.join(', ')} not installed.`);
    return;
  }
  execFileSync('node', ['--import', 'tsx', 'scripts/build-server.ts'], { cwd: ROOT, stdio: 'inherit' });
  console.log(
    `Cluster: ${ACCOUNTS} accounts x ${DEVICES_PER_ACCOUNT} devices, ${DURATION_S} s per run, through HAProxy to compiled instances on PgBouncer and PostgreSQL\n`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'stride-bench-cluster-'));
  makeOwnedDir(dir);
  const ports = await pickPorts(2);
  const parts: Array<Launched | undefined> = [];
  let postgresStarted = false;
  let failures = 0;
  const summary: Array<Record<string, string | number>> = [];
  try {
    startPostgres(dir, ports.postgres);
    postgresStarted = true;
    await createAppDatabase(ports.postgres);
    parts.push(startPgbouncer(dir, writePgbouncerFiles(dir, ports.pgbouncer, ports.postgres)));
    await waitForPort(ports.pgbouncer, 15_000);
    const instances: Launched[] = [];
    for (const [i, port] of ports.instances.entries()) {
      const instance = startInstance(dir, i, {
        command: withStartEnvironment(ROOT, [process.execPath, join(ROOT, 'dist/server/main.js')]),
        port,
        issuerPort: ports.issuers[i] ?? 0,
        balancerPort: ports.balancer,
        pgbouncerPort: ports.pgbouncer,
        drainMs: 0,
        extraEnv: { RATE_LIMITS: 'off', NODE_ENV: 'test' },
      });
      instances.push(instance);
      parts.push(instance);
      await waitForHealthy(port, instance.exited);
    }
    for (const count of [1, 2]) {
      const haproxy = startHaproxy(dir, {
        port: ports.balancer,
        statsPort: ports.stats,
        instances: ports.instances.slice(0, count),
        checkIntervalMs: 1_000,
        signInOnFirst: true,
      });
      try {
        for (let i = 0; i < count; i += 1) await waitForBalancer(ports.stats, `s${i + 1}`, 'UP');
        const label = `${count} instance${count > 1 ? 's' : ''}`;
        const pids = instances.slice(0, count).map((instance) => instance.child.pid ?? 0);
        const cpuBefore = pids.map((pid) => cpuMs(pid) ?? 0);
        const started = performance.now();
        failures += await runMixedLoad(label, `http://localhost:${ports.balancer}`);
        const seconds = (performance.now() - started) / 1000;
        summary.push({
          run: label,
          'instance CPU (% of one core, each)': pids
            .map((pid, i) => Math.round(((cpuMs(pid) ?? 0) - (cpuBefore[i] ?? 0)) / (seconds * 10)))
            .join(' / '),
          'RSS MiB (each)': pids.map((pid) => rssMiB(pid) ?? '?').join(' / '),
        });
      } finally {
        await stop(haproxy);
      }
    }
    console.table(summary);
  } finally {
    for (const part of parts.reverse()) await stop(part);
    if (postgresStarted) stopPostgres(dir, 'immediate');
    rmSync(dir, { recursive: true, force: true });
  }
  if (failures > 0) process.exitCode = 1;
}
