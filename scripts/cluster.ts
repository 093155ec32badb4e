import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { archiveSettings, missingBackupBinaries, pgbackrest, writePgbackrestConfig } from './backups';
import { createFormation, formationState, missingFailoverBinaries, primaryPort } from './cluster-ha';
import {
  balancerStates,
  type ClusterPorts,
  createAppDatabase,
  freePort,
  launch,
  makeOwnedDir,
  missingClusterBinaries,
  pickPorts,
  readPid,
  sleep,
  startHaproxy,
  startInstance,
  startPgbouncer,
  waitForBalancer,
  waitForHealthy,
  waitForPort,
  writePgbouncerFiles,
} from './cluster-topology';
import { withStartEnvironment } from './start-environment';

/*
 * `npm run cluster -- up|down|status|backup`: the production shape on this machine (README,
 * "Production shape"): PostgreSQL with a synchronous standby under pg_auto_failover (a monitor and two
 * nodes, scripts/cluster-ha.ts), both archiving their WAL into pgBackRest with a full backup taken at
 * `up` (scripts/backups.ts), PgBouncer in transaction mode following the primary
 * (scripts/primary-follower.ts), CLUSTER_INSTANCES (default 2) compiled Stride instances and HAProxy
 * in front, all on loopback, with configs generated into CLUSTER_DIR (default /tmp/stride-cluster).
 * `up` needs `npm run build` first; `backup` takes another full backup.
 */

const DIR = resolve(process.env.CLUSTER_DIR ?? '/tmp/stride-cluster');
const STATE = join(DIR, 'state.json');
const INSTANCES = Number(process.env.CLUSTER_INSTANCES ?? 2);
const SERVER = resolve('dist/server/main.js');
/** Where pg_autoctl's nodes put their sockets (PostgreSQL's default on Debian), for pgBackRest. */
const NODE_SOCKET_DIR = '/var/run/postgresql';

type State = {
  ports: ClusterPorts;
  monitorUri: string;
  /** Process groups: the follower, and each keeper (pg_autoctl run), which stops its own PostgreSQL. */
  groups: { follower: number; keepers: number[] };
  pids: { haproxy: number; pgbouncer: number; instances: number[] };
  /** pgBackRest's configuration, when the cluster archives (pgbackrest installed). */
  backupConfig?: string;
};

function readState(): State | undefined {
  return existsSync(STATE) ? (JSON.parse(readFileSync(STATE, 'utf8')) as State) : undefined;
}

function alive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM, then wait (bounded) for the process to go; SIGKILL if it does not. */
async function terminate(pid: number | undefined, waitMs: number): Promise<void> {
  if (!alive(pid)) return;
  process.kill(pid as number, 'SIGTERM');
  for (let waited = 0; waited < waitMs && alive(pid); waited += 100) await sleep(100);
  if (alive(pid)) process.kill(pid as number, 'SIGKILL');
}

/** The same for a whole process group (a keeper and its PostgreSQL). */
async function terminateGroup(pid: number, waitMs: number): Promise<void> {
  if (!alive(pid)) return;
  process.kill(-pid, 'SIGTERM');
  for (let waited = 0; waited < waitMs && alive(pid); waited += 100) await sleep(100);
  if (alive(pid)) process.kill(-pid, 'SIGKILL');
}

async function up(): Promise<void> {
  const missing = [...missingClusterBinaries(), ...missingFailoverBinaries()];
  if (missing.length > 0)
    throw new Error(
      `missing: ${missing.join(', ')} (apt-get install postgresql-15 postgresql-15-auto-failover pgbouncer haproxy)`,
    );
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run npm run build first`);
  if (readState())
    throw new Error(`a cluster is already recorded in ${STATE}: npm run cluster -- down first`);
  makeOwnedDir(DIR);
  const ports = await pickPorts(INSTANCES);
  const nodes = [await freePort(), await freePort()];
  const db = join(DIR, 'db');
  // Both nodes archive into one repository (the standby copies the primary's settings), so whichever
  // is the primary after a failover goes on archiving; the backup asks which one it is.
  const backupConfig =
    missingBackupBinaries().length === 0
      ? writePgbackrestConfig(
          join(DIR, 'backups'),
          nodes.map((port, i) => ({ pgdata: join(db, `node${i + 1}`), port, socketDir: NODE_SOCKET_DIR })),
        )
      : undefined;
  if (!backupConfig)
    console.warn(
      '!!! pgbackrest is not installed: this cluster keeps no WAL archive and no backups (apt-get install pgbackrest)',
    );
  const formation = await createFormation(
    db,
    { monitor: ports.postgres, nodes },
    {
      detached: true,
      postgresSettings: backupConfig ? (pgdata) => archiveSettings(backupConfig, pgdata) : undefined,
    },
  );
  const base = {
    ports,
    monitorUri: formation.monitorUri,
    groups: { follower: 0, keepers: formation.keepers.map((keeper) => keeper?.child.pid ?? 0) },
    backupConfig,
  };
  base.groups.keepers.push(formation.monitor.child.pid ?? 0);
  writeFileSync(STATE, JSON.stringify({ ...base, pids: { haproxy: 0, pgbouncer: 0, instances: [] } }));
  const primary = (await primaryPort(formation.monitorUri)) ?? 0;
  await createAppDatabase(primary);
  if (backupConfig) {
    pgbackrest(backupConfig, ['stanza-create']);
    pgbackrest(backupConfig, ['--type=full', 'backup']);
  }
  const config = writePgbouncerFiles(DIR, ports.pgbouncer, primary);
  const pgbouncer = startPgbouncer(DIR, config, true);
  await waitForPort(ports.pgbouncer, 15_000);
  const follower = launch(
    process.execPath,
    [
      '--import',
      'tsx',
      resolve('scripts/primary-follower.ts'),
      formation.monitorUri,
      DIR,
      config,
      String(ports.pgbouncer),
      String(primary),
    ],
    { log: join(DIR, 'follower.log'), detached: true },
  );
  base.groups.follower = follower.child.pid ?? 0;
  const instances: number[] = [];
  // One after the other: the first one applies the migrations, the others find them applied.
  for (const [i, port] of ports.instances.entries()) {
    const instance = startInstance(
      DIR,
      i,
      {
        command: withStartEnvironment(resolve('.'), [process.execPath, '--enable-source-maps', SERVER]),
        port,
        issuerPort: ports.issuers[i] ?? 0,
        balancerPort: ports.balancer,
        pgbouncerPort: ports.pgbouncer,
        // Production's default: well over the two 1-second checks HAProxy needs to take it out.
        drainMs: 5_000,
      },
      true,
    );
    instances.push(instance.child.pid ?? 0);
    writeFileSync(
      STATE,
      JSON.stringify({ ...base, pids: { haproxy: 0, pgbouncer: pgbouncer.child.pid, instances } }),
    );
    await waitForHealthy(port, instance.exited);
  }
  const haproxy = startHaproxy(
    DIR,
    {
      port: ports.balancer,
      statsPort: ports.stats,
      instances: ports.instances,
      checkIntervalMs: 1_000,
      signInOnFirst: true,
    },
    true,
  );
  const state: State = {
    ...base,
    pids: { haproxy: haproxy.child.pid ?? 0, pgbouncer: pgbouncer.child.pid ?? 0, instances },
  };
  writeFileSync(STATE, JSON.stringify(state, null, 2));
  for (const [i] of ports.instances.entries()) await waitForBalancer(ports.stats, `s${i + 1}`, 'UP');
  console.log(
    `Stride is ready at http://localhost:${ports.balancer} (HAProxy stats: http://127.0.0.1:${ports.stats}/stats)`,
  );
  console.log(`Configs, logs and data in ${DIR}; stop with npm run cluster -- down`);
  if (backupConfig)
    console.log(
      `WAL archived and a full backup taken with pgBackRest (${backupConfig}); restore with scripts/restore.ts`,
    );
}

/** Another full backup, from whichever node is the primary now. */
async function backup(): Promise<void> {
  const state = readState();
  if (!state?.backupConfig) {
    console.log(
      state
        ? 'This cluster keeps no backups (pgbackrest was not installed at up).'
        : `No cluster recorded in ${STATE}.`,
    );
    process.exitCode = 1;
    return;
  }
  pgbackrest(state.backupConfig, ['--type=full', 'backup']);
  console.log(pgbackrest(state.backupConfig, ['info']).trim());
}

async function down(): Promise<void> {
  const state = readState();
  if (!state) {
    console.log(`No cluster recorded in ${STATE}.`);
    return;
  }
  await terminate(state.pids.haproxy, 5_000);
  // Each instance drains for a few seconds, then finishes what it is serving.
  await Promise.all(state.pids.instances.map((pid) => terminate(pid, 20_000)));
  await terminate(readPid(join(DIR, 'pgbouncer.pid')) ?? state.pids.pgbouncer, 5_000);
  await terminate(state.groups.follower, 5_000);
  // Each keeper stops its PostgreSQL on SIGTERM; the monitor's last.
  for (const group of state.groups.keepers) await terminateGroup(group, 30_000);
  rmSync(DIR, { recursive: true, force: true });
  console.log('Cluster stopped and its directory removed.');
}

async function status(): Promise<void> {
  const state = readState();
  if (!state) {
    console.log(`No cluster recorded in ${STATE}.`);
    process.exitCode = 1;
    return;
  }
  const states = await balancerStates(state.ports.stats).catch(() => new Map<string, string>());
  const rows = [
    {
      part: 'HAProxy',
      address: `http://localhost:${state.ports.balancer}`,
      pid: state.pids.haproxy,
      state: alive(state.pids.haproxy) ? 'running' : 'stopped',
    },
    ...state.ports.instances.map((port, i) => ({
      part: `instance s${i + 1}`,
      address: `http://127.0.0.1:${port}`,
      pid: state.pids.instances[i] ?? 0,
      state: `${alive(state.pids.instances[i]) ? 'running' : 'stopped'}, balancer: ${states.get(`s${i + 1}`) ?? 'unknown'}`,
    })),
    {
      part: 'PgBouncer',
      address: `127.0.0.1:${state.ports.pgbouncer}`,
      pid: readPid(join(DIR, 'pgbouncer.pid')) ?? 0,
      state: alive(readPid(join(DIR, 'pgbouncer.pid'))) ? 'running' : 'stopped',
    },
    {
      part: 'PgBouncer follower',
      address: '-',
      pid: state.groups.follower,
      state: alive(state.groups.follower) ? 'running' : 'stopped',
    },
    ...(await formationState(state.monitorUri).catch(() => [])).map((node) => ({
      part: `PostgreSQL ${node.name}`,
      address: `127.0.0.1:${node.port}`,
      pid: 0,
      state: `${node.reported} (assigned ${node.assigned})`,
    })),
  ];
  console.table(rows);
}

const commands: Record<string, () => Promise<void>> = { up, down, status, backup };
const command = commands[process.argv[2] ?? ''];
if (!command) {
  console.error('Usage: npm run cluster -- up|down|status|backup');
  process.exit(2);
}
try {
  await command();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
