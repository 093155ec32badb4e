import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balancerServers,
  type ClusterPorts,
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
} from '../../scripts/cluster-topology';
import { assertServerTimeouts, DATABASE_TIMEOUTS } from '../../src/server/db/client';
import { failed, lostWrites, signedInDevices, startLoad } from './cluster-load';
import { signIn } from './harness';

/*
 * The production shape (docs/decisions/014-production-topology.md): HAProxy in front of two
 * instances, PgBouncer in transaction mode in front of PostgreSQL, all real processes on loopback.
 * Under steady load, every instance is restarted in turn without a failed request, and a kill -9
 * fails only what was in flight on the killed instance; no acknowledged write is lost either way. A
 * change made through one instance reaches the live-update streams the other holds.
 */

const missing = missingClusterBinaries();
if (missing.length > 0) {
  console.warn(
    `!!! The cluster fault tests are SKIPPED: ${missing.join(', ')} not installed (apt-get install haproxy pgbouncer postgresql-15)`,
  );
}

const INSTANCES = 2;
/** Long enough for HAProxy to take an instance out: two failed checks 300 ms apart, plus slack. */
const DRAIN_MS = 2_500;
const CHECK_INTERVAL_MS = 300;

const dir = mkdtempSync(join(tmpdir(), 'stride-cluster-'));
let ports: ClusterPorts;
let pgbouncer: Launched | undefined;
let haproxy: Launched | undefined;
const instances: Array<Launched | undefined> = [];
let postgresStarted = false;

function tail(file: string): string {
  const path = join(dir, file);
  return existsSync(path) ? readFileSync(path, 'utf8').slice(-3_000) : '';
}

function startNode(index: number): Launched {
  return startInstance(dir, index, {
    command: [process.execPath, '--import', 'tsx', 'src/server/main.ts'],
    port: ports.instances[index] ?? 0,
    issuerPort: ports.issuers[index] ?? 0,
    balancerPort: ports.balancer,
    pgbouncerPort: ports.pgbouncer,
    drainMs: DRAIN_MS,
    // Many calls a second from few people: the limits are not what is tested here.
    extraEnv: { RATE_LIMITS: 'off' },
  });
}

async function startAndJoin(index: number): Promise<void> {
  const instance = startNode(index);
  instances[index] = instance;
  try {
    await waitForHealthy(ports.instances[index] ?? 0, instance.exited, 60_000);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${tail(`instance-${index + 1}.log`)}`);
  }
}

async function exitWithin(launched: Launched, ms: number): Promise<number | null | 'still running'> {
  return Promise.race([launched.exited, sleep(ms).then(() => 'still running' as const)]);
}

beforeAll(async () => {
  if (missing.length > 0) return;
  makeOwnedDir(dir);
  ports = await pickPorts(INSTANCES);
  startPostgres(dir, ports.postgres);
  postgresStarted = true;
  await createAppDatabase(ports.postgres);
  pgbouncer = startPgbouncer(dir, writePgbouncerFiles(dir, ports.pgbouncer, ports.postgres));
  await waitForPort(ports.pgbouncer, 15_000).catch((error: Error) => {
    throw new Error(`${error.message}\n${tail('pgbouncer.out')}${tail('pgbouncer.log')}`);
  });
  // One after the other: the first applies the migrations.
  for (let i = 0; i < INSTANCES; i += 1) await startAndJoin(i);
  haproxy = startHaproxy(dir, {
    port: ports.balancer,
    statsPort: ports.stats,
    instances: ports.instances,
    checkIntervalMs: CHECK_INTERVAL_MS,
    signInOnFirst: true,
  });
  await waitForPort(ports.stats, 15_000);
  for (let i = 0; i < INSTANCES; i += 1) await waitForBalancer(ports.stats, `s${i + 1}`, 'UP');
});

afterAll(async () => {
  for (const launched of [haproxy, ...instances, pgbouncer]) {
    if (launched && launched.child.exitCode === null && launched.child.signalCode === null) {
      launched.child.kill('SIGKILL');
      await exitWithin(launched, 10_000);
    }
  }
  if (postgresStarted) stopPostgres(dir, 'immediate');
  rmSync(dir, { recursive: true, force: true });
});

describe.runIf(missing.length === 0)('HAProxy, two instances, PgBouncer and PostgreSQL', () => {
  it('PgBouncer drops the timeouts sent at connection start; the server finds them on the database, or refuses', async () => {
    const viaPooler = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${ports.pgbouncer}/stride`,
      ...DATABASE_TIMEOUTS,
      statement_timeout: 1_234,
    });
    await viaPooler.connect();
    try {
      const { rows } = await viaPooler.query<{ setting: string }>(
        "select setting from pg_settings where name = 'statement_timeout'",
      );
      // The database's 2000, not the 1234 this connection asked for.
      expect(rows[0]?.setting).toBe(String(DATABASE_TIMEOUTS.statement_timeout));
      await assertServerTimeouts(viaPooler);
    } finally {
      await viaPooler.end();
    }
    // A database without them, reached without startup parameters, is refused with what to run.
    const bare = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${ports.postgres}/postgres`,
    });
    await bare.connect();
    try {
      await expect(assertServerTimeouts(bare)).rejects.toThrow(
        'PostgreSQL runs with statement_timeout = 0 ms instead of 2000 ms',
      );
    } finally {
      await bare.end();
    }
  });

  it('carries a change made through one instance to a live-update stream held by the other process', async () => {
    // docs/decisions/017-live-sync.md: NOTIFY goes through PgBouncer, LISTEN straight to PostgreSQL.
    const base = `http://localhost:${ports.balancer}`;
    const cookie = await signIn(base, `live-${randomUUID()}@example.com`);
    const reading = new AbortController();
    const stream = await fetch(`http://127.0.0.1:${ports.instances[1]}/api/events`, {
      headers: { cookie },
      signal: reading.signal,
    });
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const created = await fetch(`http://127.0.0.1:${ports.instances[0]}/api/habits`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Across instances' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    let received = '';
    const deadline = Date.now() + 5_000;
    const decoder = new TextDecoder();
    while (!received.includes(id) && Date.now() < deadline) {
      const next = await Promise.race([reader.read(), sleep(deadline - Date.now()).then(() => undefined)]);
      if (!next || next.done) break;
      received += decoder.decode(next.value);
    }
    reading.abort();
    expect(received).toContain(`"kinds":["habits"],"ids":["${id}"]`);
  });

  it('restarts every instance in turn under load with 0 failed requests and 0 lost writes', async () => {
    const { devices, habits } = await signedInDevices(`http://localhost:${ports.balancer}`, 'rolling');
    const load = startLoad(`http://localhost:${ports.balancer}`, devices, habits);
    try {
      await sleep(1_000);
      for (let i = 0; i < INSTANCES; i += 1) {
        const instance = instances[i] as Launched;
        const port = ports.instances[i] ?? 0;
        instance.child.kill('SIGTERM');
        // Draining: this instance says it is stopping, and the balancer takes it out meanwhile.
        await sleep(100);
        const health = await fetch(`http://127.0.0.1:${port}/api/health`);
        expect(health.status).toBe(503);
        expect(await health.json()).toEqual({ status: 'stopping', database: 'up' });
        await waitForBalancer(ports.stats, `s${i + 1}`, 'DOWN', DRAIN_MS + 5_000);
        expect(await exitWithin(instance, 30_000)).toBe(0);
        await startAndJoin(i);
        await waitForBalancer(ports.stats, `s${i + 1}`, 'UP');
      }
      await sleep(1_000);
    } finally {
      await load.stop();
    }
    const failures = failed(load.samples);
    const { acknowledged, lost } = await lostWrites(`http://localhost:${ports.balancer}`, devices);
    // The drain, not the balancer's second chance, kept requests whole: no connection to a stopping
    // instance was refused and resent (without the drain, HAProxy has to redispatch them).
    const resent = [...(await balancerServers(ports.stats)).values()].reduce(
      (sum, server) => sum + server.retries + server.redispatches,
      0,
    );
    console.log(
      `rolling restart of ${INSTANCES} instances: ${load.samples.length} requests, ${failures.length} failed, ` +
        `${resent} resent by the balancer, ${acknowledged} acknowledged creates, ${lost.length} lost`,
    );
    expect(resent).toBe(0);
    expect(failures.map(({ kind, status, ms }) => ({ kind, status, ms: Math.round(ms) }))).toEqual([]);
    expect(lost).toEqual([]);
    expect(acknowledged).toBeGreaterThan(20);
  });

  it('kill -9 of one instance under load fails only the requests in flight on it and loses no acknowledged write', async () => {
    const { devices, habits } = await signedInDevices(`http://localhost:${ports.balancer}`, 'killed');
    const load = startLoad(`http://localhost:${ports.balancer}`, devices, habits);
    let killedAt = 0;
    let deadAt = 0;
    try {
      await sleep(1_500);
      const victim = instances[0] as Launched;
      killedAt = performance.now();
      victim.child.kill('SIGKILL');
      expect(await exitWithin(victim, 10_000)).not.toBe('still running');
      deadAt = performance.now();
      await waitForBalancer(ports.stats, 's1', 'DOWN', 10_000);
      // The survivor carries everything meanwhile.
      await sleep(1_500);
    } finally {
      await load.stop();
    }
    const failures = failed(load.samples);
    const { acknowledged, lost } = await lostWrites(`http://localhost:${ports.balancer}`, devices);
    console.log(
      `kill -9 of one of ${INSTANCES} instances (dead ${Math.round(deadAt - killedAt)} ms after the signal): ` +
        `${load.samples.length} requests, ${failures.length} failed ` +
        `(statuses ${[...new Set(failures.map((f) => f.status))].join(' ') || '-'}), ${acknowledged} acknowledged creates, ${lost.length} lost`,
    );
    // SIGKILL is not instant: the process takes a moment (about 0.2 s here) to die, and requests that
    // reach it meanwhile are in flight on it. Once it is gone, nothing may fail: a refused connection
    // is sent to the survivor. Each device has at most one request in flight.
    expect(failures.filter((sample) => sample.started > deadAt)).toEqual([]);
    expect(failures.length).toBeLessThanOrEqual(devices.length);
    expect(lost).toEqual([]);
    expect(load.samples.filter((sample) => sample.started > deadAt).length).toBeGreaterThan(20);
    // Back to two for whatever runs next.
    await startAndJoin(0);
    await waitForBalancer(ports.stats, 's1', 'UP');
  });
});
