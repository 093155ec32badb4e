import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFormation, type Formation, primaryPort, stopFormation } from './cluster-ha';
import {
  type ClusterPorts,
  createAppDatabase,
  freePort,
  type Launched,
  makeOwnedDir,
  pickPorts,
  sleep,
  startHaproxy,
  startInstance,
  startPgbouncer,
  waitForBalancer,
  waitForHealthy,
  waitForPort,
  writePgbouncerFiles,
} from './cluster-topology';
import { type Follower, followPrimary } from './primary-follower';

/*
 * The whole production shape with failover, started as children of this process for the failover test
 * (tests/faults/failover.test.ts) and benchmark (bench/failover.ts): pg_auto_failover's monitor and two
 * nodes, PgBouncer and its follower, instances, HAProxy (docs/decisions/035-database-failover.md).
 */

export type FailoverShape = {
  dir: string;
  ports: ClusterPorts;
  formation: Formation;
  follower: Follower;
  base: string;
  stop: () => Promise<void>;
};

function tail(dir: string, file: string): string {
  const path = join(dir, file);
  return existsSync(path) ? readFileSync(path, 'utf8').slice(-3_000) : '';
}

export async function startFailoverShape(
  dir: string,
  options: {
    command: string[];
    instances: number;
    checkIntervalMs: number;
    extraEnv?: Record<string, string>;
  },
): Promise<FailoverShape> {
  makeOwnedDir(dir);
  const ports = await pickPorts(options.instances);
  const nodes = [await freePort(), await freePort()];
  const parts: Launched[] = [];
  let formation: Formation | undefined;
  let follower: Follower | undefined;
  const stop = async () => {
    await follower?.stop();
    for (const launched of parts.reverse()) {
      if (launched.child.exitCode === null && launched.child.signalCode === null) {
        launched.child.kill('SIGKILL');
        await Promise.race([launched.exited, sleep(10_000)]);
      }
    }
    if (formation) await stopFormation(formation);
  };
  try {
    formation = await createFormation(join(dir, 'db'), { monitor: ports.postgres, nodes }).catch(
      (error: Error) => {
        throw new Error(
          `${error.message}\n${tail(dir, 'db/monitor.log')}${tail(dir, 'db/node1.log')}${tail(dir, 'db/node2.log')}`,
        );
      },
    );
    const primary = (await primaryPort(formation.monitorUri)) ?? 0;
    await createAppDatabase(primary);
    const config = writePgbouncerFiles(dir, ports.pgbouncer, primary);
    parts.push(startPgbouncer(dir, config));
    await waitForPort(ports.pgbouncer, 15_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${tail(dir, 'pgbouncer.out')}`);
    });
    follower = await followPrimary({
      monitorUri: formation.monitorUri,
      dir,
      config,
      pgbouncerPort: ports.pgbouncer,
      initialPort: primary,
    });
    for (let i = 0; i < options.instances; i += 1) {
      const instance = startInstance(dir, i, {
        command: options.command,
        port: ports.instances[i] ?? 0,
        issuerPort: ports.issuers[i] ?? 0,
        balancerPort: ports.balancer,
        pgbouncerPort: ports.pgbouncer,
        drainMs: 0,
        extraEnv: options.extraEnv,
      });
      parts.push(instance);
      await waitForHealthy(ports.instances[i] ?? 0, instance.exited, 60_000);
    }
    parts.push(
      startHaproxy(dir, {
        port: ports.balancer,
        statsPort: ports.stats,
        instances: ports.instances,
        checkIntervalMs: options.checkIntervalMs,
        signInOnFirst: true,
      }),
    );
    // A port picked at the start may be taken by the time HAProxy binds it: its own words say so.
    await waitForPort(ports.stats, 15_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${tail(dir, 'haproxy.out')}`);
    });
    for (let i = 0; i < options.instances; i += 1) await waitForBalancer(ports.stats, `s${i + 1}`, 'UP');
  } catch (error) {
    await stop();
    throw error;
  }
  return { dir, ports, formation, follower, base: `http://localhost:${ports.balancer}`, stop };
}
