import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import {
  DATABASE_NAME,
  type Launched,
  launch,
  makeOwnedDir,
  POSTGRES_BIN_DIR,
  postgresUser,
  sleep,
  waitForPort,
} from './cluster-topology';

/*
 * The database of the production shape with a synchronous standby and automatic failover, managed by
 * pg_auto_failover (Debian's postgresql-15-auto-failover; docs/decisions/035-database-failover.md): a
 * monitor and two PostgreSQL nodes, each run by its keeper (`pg_autoctl run`), all on loopback. The
 * monitor decides which node is the primary; PgBouncer follows it (scripts/primary-follower.ts).
 */

export const PG_AUTOCTL_BIN = process.env.PG_AUTOCTL_BIN ?? '/usr/bin/pg_autoctl';
export const FORMATION = 'default';

/** What is missing to run the formation here, or an empty list. */
export function missingFailoverBinaries(): string[] {
  return [PG_AUTOCTL_BIN].filter((path) => !existsSync(path));
}

/**
 * How fast the monitor acts, on loopback: a node is checked every second and counted unhealthy after
 * 2 s without an answer; a primary that stopped reporting is given 5 s to demote itself before its
 * standby is promoted. Each keeper stops its own PostgreSQL when it has reached neither the monitor nor
 * its standby for 3 s (timeout.network_partition_timeout), which is shorter than those 5 s, so two
 * primaries never take writes at once. pg_auto_failover's defaults (5 s checks, 20 s unhealthy, 30 s
 * demote) suit machines on a real network; the decision says why these suit this one.
 */
export const MONITOR_SETTINGS = {
  'pgautofailover.health_check_period': 1_000,
  'pgautofailover.health_check_timeout': 1_000,
  'pgautofailover.health_check_max_retries': 1,
  'pgautofailover.health_check_retry_delay': 500,
  'pgautofailover.node_considered_unhealthy_timeout': 2_000,
  'pgautofailover.primary_demote_timeout': 5_000,
  'pgautofailover.startup_grace_period': 2_000,
} as const;
export const NETWORK_PARTITION_TIMEOUT_S = 3;

export type FormationPorts = { monitor: number; nodes: number[] };

export type Formation = {
  dir: string;
  ports: FormationPorts;
  monitorUri: string;
  /** Each node's data directory, by node index (node 1 is nodes[0]). */
  pgdata: string[];
  monitor: Launched;
  keepers: Array<Launched | undefined>;
};

function autoctlEnv(dir: string): NodeJS.ProcessEnv {
  return {
    PATH: `${POSTGRES_BIN_DIR}:${process.env.PATH ?? ''}`,
    HOME: dir,
    // pg_autoctl keeps its configuration and state under XDG directories: inside the cluster's own.
    XDG_CONFIG_HOME: join(dir, 'xdg-config'),
    XDG_DATA_HOME: join(dir, 'xdg-data'),
    XDG_RUNTIME_DIR: join(dir, 'xdg-run'),
  };
}

/** One pg_autoctl command, as the postgres user when running as root; its output, or an error with it. */
export function autoctl(dir: string, args: string[]): string {
  const result = spawnSync(PG_AUTOCTL_BIN, args, {
    encoding: 'utf8',
    env: autoctlEnv(dir),
    timeout: 120_000,
    ...(postgresUser() ?? {}),
  });
  if (result.status !== 0) {
    throw new Error(
      `pg_autoctl ${args.slice(0, 2).join(' ')} failed (${result.status}): ${(result.stderr || '').slice(-2_000)}`,
    );
  }
  return result.stdout;
}

/** `pg_autoctl run` for one data directory, in its own process group (so it can be killed whole). */
export function startKeeper(dir: string, pgdata: string, name: string, detached = false): Launched {
  return launch(PG_AUTOCTL_BIN, ['run', '--pgdata', pgdata], {
    log: join(dir, `${name}.log`),
    env: autoctlEnv(dir),
    asPostgres: true,
    detached,
    ownGroup: true,
  });
}

export type NodeState = { name: string; port: number; reported: string; assigned: string };

/** The nodes as the monitor sees them (what `pg_autoctl show state` prints). */
export async function formationState(monitorUri: string): Promise<NodeState[]> {
  const client = new pg.Client({ connectionString: monitorUri, connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    const { rows } = await client.query<NodeState>(
      `select nodename as name, nodeport as port, current_group_state::text as reported,
              assigned_group_state::text as assigned
         from pgautofailover.current_state($1) order by nodename`,
      [FORMATION],
    );
    return rows;
  } finally {
    await client.end();
  }
}

/** Waits (bounded) until the monitor reports what `wanted` accepts; answers the last state seen. */
export async function waitForFormation(
  monitorUri: string,
  wanted: (nodes: NodeState[]) => boolean,
  timeoutMs: number,
): Promise<NodeState[]> {
  const deadline = Date.now() + timeoutMs;
  let last: NodeState[] = [];
  while (Date.now() < deadline) {
    try {
      last = await formationState(monitorUri);
      if (wanted(last)) return last;
    } catch {
      // Not answering yet (starting up): ask again.
    }
    await sleep(250);
  }
  throw new Error(
    `the formation did not settle within ${timeoutMs} ms: ${last.map((n) => `${n.name} ${n.reported}/${n.assigned}`).join(', ') || 'no nodes'}`,
  );
}

/** Both nodes settled: one primary, one secondary, each in the state the monitor assigned. */
export const settled = (nodes: NodeState[]) =>
  nodes.length === 2 &&
  nodes.every((node) => node.reported === node.assigned) &&
  nodes.some((node) => node.reported === 'primary') &&
  nodes.some((node) => node.reported === 'secondary');

async function tuneMonitor(monitorUri: string): Promise<void> {
  const client = new pg.Client({ connectionString: monitorUri.replace('autoctl_node@', 'postgres@') });
  await client.connect();
  try {
    for (const [name, value] of Object.entries(MONITOR_SETTINGS))
      await client.query(`alter system set ${name} = ${value}`);
    await client.query('select pg_reload_conf()');
  } finally {
    await client.end();
  }
}

/**
 * Creates and starts the monitor and two nodes (node 1 the primary, node 2 its synchronous standby),
 * waiting (bounded) for each step. `postgresSettings(pgdata)` go into each node's postgresql.conf
 * before its keeper first starts it, e.g. WAL archiving (scripts/backups.ts).
 */
export async function createFormation(
  dir: string,
  ports: FormationPorts,
  options: { detached?: boolean; postgresSettings?: (pgdata: string) => string[] } = {},
): Promise<Formation> {
  makeOwnedDir(dir);
  for (const sub of ['xdg-config', 'xdg-data', 'xdg-run']) makeOwnedDir(join(dir, sub));
  const monitorData = join(dir, 'monitor');
  const common = ['--listen', '127.0.0.1', '--hostname', '127.0.0.1', '--auth', 'trust', '--no-ssl'];
  autoctl(dir, ['create', 'monitor', '--pgdata', monitorData, '--pgport', String(ports.monitor), ...common]);
  const monitor = startKeeper(dir, monitorData, 'monitor', options.detached);
  const monitorUri = `postgres://autoctl_node@127.0.0.1:${ports.monitor}/pg_auto_failover?sslmode=disable`;
  const formation: Formation = { dir, ports, monitorUri, pgdata: [], monitor, keepers: [] };
  await waitForPort(ports.monitor, 30_000);
  await waitForFormation(monitorUri, () => true, 30_000);
  await tuneMonitor(monitorUri);
  for (const [i, port] of ports.nodes.entries()) {
    const name = `node${i + 1}`;
    const pgdata = join(dir, name);
    autoctl(dir, [
      'create',
      'postgres',
      '--pgdata',
      pgdata,
      '--pgport',
      String(port),
      '--name',
      name,
      '--monitor',
      monitorUri,
      '--dbname',
      DATABASE_NAME,
      '--username',
      'postgres',
      ...common,
    ]);
    autoctl(dir, [
      'config',
      'set',
      '--pgdata',
      pgdata,
      'timeout.network_partition_timeout',
      String(NETWORK_PARTITION_TIMEOUT_S),
    ]);
    // Every node its own: a standby's copy of the primary (made by `create`) may or may not carry the
    // primary's lines, and a standby promoted later must archive as the primary did, as itself. The
    // last line of a setting wins.
    if (options.postgresSettings)
      appendFileSync(join(pgdata, 'postgresql.conf'), `\n${options.postgresSettings(pgdata).join('\n')}\n`);
    formation.pgdata.push(pgdata);
    formation.keepers.push(startKeeper(dir, pgdata, name, options.detached));
    await waitForFormation(
      monitorUri,
      (nodes) => (i === 0 ? nodes.some((n) => n.reported === 'single') : settled(nodes)),
      120_000,
    );
  }
  return formation;
}

/** The node the monitor names primary, or undefined during a switch. */
export async function primaryPort(monitorUri: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: monitorUri, connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ port: number }>(
      'select primary_port as port from pgautofailover.get_primary($1, 0)',
      [FORMATION],
    );
    return rows[0]?.port ?? undefined;
  } finally {
    await client.end();
  }
}

/** kill -9 of a whole node: its keeper and its PostgreSQL (what the loss of its host looks like). */
export function killNode(keeper: Launched): void {
  const pid = keeper.child.pid;
  if (pid) process.kill(-pid, 'SIGKILL');
}

/** Stops every keeper (each stops its PostgreSQL), waiting (bounded), then kills what is left. */
export async function stopFormation(formation: Formation): Promise<void> {
  const parts = [...formation.keepers, formation.monitor].filter(
    (part): part is Launched =>
      part !== undefined && part.child.exitCode === null && part.child.signalCode === null,
  );
  for (const part of parts) if (part.child.pid) process.kill(-part.child.pid, 'SIGTERM');
  await Promise.race([Promise.all(parts.map((part) => part.exited)), sleep(30_000)]);
  for (const part of parts) {
    try {
      if (part.child.pid) process.kill(-part.child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
