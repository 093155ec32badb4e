import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { DATABASE_TIMEOUTS } from '../src/server/db/client';
import { freePort } from './free-port';

/*
 * The production shape on one machine, on loopback (docs/decisions/014-production-topology.md):
 * PostgreSQL <- PgBouncer (transaction pooling) <- Stride instances <- HAProxy (health checks on
 * /api/health, round robin, nothing sticky). `npm run cluster` (scripts/cluster.ts) and the cluster
 * fault tests (tests/faults/cluster.test.ts) start the very same parts with the same generated configs.
 */

export const POSTGRES_BIN_DIR = process.env.POSTGRES_BIN_DIR ?? '/usr/lib/postgresql/15/bin';
export const HAPROXY_BIN = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';
export const PGBOUNCER_BIN = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer';
export const DATABASE_NAME = 'stride';

/** What is missing to run the topology here, or an empty list. */
export function missingClusterBinaries(): string[] {
  const wanted = [
    join(POSTGRES_BIN_DIR, 'initdb'),
    join(POSTGRES_BIN_DIR, 'pg_ctl'),
    HAPROXY_BIN,
    PGBOUNCER_BIN,
  ];
  return wanted.filter((path) => !existsSync(path));
}

export { freePort };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (bounded) until something accepts connections on the loopback port. */
export async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(100);
  }
  throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
}

/** initdb and PgBouncer refuse to run as root: as root they run as `postgres`. */
export function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid, gid };
}

/** A directory the postgres user owns (when running as root), for its data, configs and logs. */
export function makeOwnedDir(path: string): void {
  mkdirSync(path, { recursive: true });
  const user = postgresUser();
  if (user) chownSync(path, user.uid, user.gid);
  chmodSync(path, 0o700);
}

function runAsPostgres(command: string, args: string[]): void {
  const user = postgresUser();
  const result = spawnSync(command, args, { encoding: 'utf8', ...(user ?? {}) });
  if (result.status !== 0) {
    throw new Error(
      `${command} failed (${result.status}): ${result.stderr || result.stdout || result.error}`,
    );
  }
}

export type ClusterPorts = {
  postgres: number;
  pgbouncer: number;
  balancer: number;
  stats: number;
  instances: number[];
  /** Each instance's development sign-in issuer. */
  issuers: number[];
};

export async function pickPorts(instances: number): Promise<ClusterPorts> {
  const ports: number[] = [];
  // freePort closes its socket before answering, so ask until the ports are distinct.
  for (let i = 0; i < 50 && ports.length < 4 + instances * 2; i += 1) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  const [postgres, pgbouncer, balancer, stats, ...rest] = ports as [
    number,
    number,
    number,
    number,
    ...number[],
  ];
  return {
    postgres,
    pgbouncer,
    balancer,
    stats,
    instances: rest.slice(0, instances),
    issuers: rest.slice(instances),
  };
}

// PostgreSQL ------------------------------------------------------------------------------------

export function startPostgres(dir: string, port: number): void {
  const dataDir = join(dir, 'data');
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    runAsPostgres(join(POSTGRES_BIN_DIR, 'initdb'), [
      '-D',
      dataDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C',
    ]);
  }
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100`;
  runAsPostgres(join(POSTGRES_BIN_DIR, 'pg_ctl'), [
    '-D',
    dataDir,
    '-l',
    join(dir, 'postgres.log'),
    '-w',
    '-o',
    options,
    'start',
  ]);
}

export function stopPostgres(dir: string, mode: 'fast' | 'immediate' = 'fast'): void {
  runAsPostgres(join(POSTGRES_BIN_DIR, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', mode, '-w', 'stop']);
}

/**
 * Creates the application database with the server-side timeouts set on it: PgBouncer drops them as
 * startup parameters (see pgbouncerConfig), and the server checks at start that they are in force.
 */
export async function createAppDatabase(postgresPort: number): Promise<void> {
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${postgresPort}/postgres` });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [DATABASE_NAME]);
    if (exists.rowCount === 0) await admin.query(`create database ${DATABASE_NAME}`);
    await admin.query(
      `alter database ${DATABASE_NAME} set statement_timeout = ${DATABASE_TIMEOUTS.statement_timeout}`,
    );
    await admin.query(
      `alter database ${DATABASE_NAME} set idle_in_transaction_session_timeout = ${DATABASE_TIMEOUTS.idle_in_transaction_session_timeout}`,
    );
  } finally {
    await admin.end();
  }
}

// PgBouncer -------------------------------------------------------------------------------------

/** The PgBouncer database the live-update listener uses: session pooling, one server connection each. */
export const LISTEN_DATABASE = `${DATABASE_NAME}_listen`;

/**
 * Transaction pooling: a server connection belongs to a client for one transaction only, so the
 * server keeps no session state (no SET, LISTEN or named prepared statements: it runs with
 * DATABASE_PREPARED_STATEMENTS=off). The driver's startup timeouts are ignored here and set on the
 * database instead (createAppDatabase). The live-update listener's LISTEN needs a session of its own:
 * it goes through `stride_listen`, in session mode, so that it too follows PgBouncer to whichever
 * server is the primary (scripts/primary-follower.ts rewrites `postgresPort` and RELOADs).
 */
export function pgbouncerConfig(options: {
  dir: string;
  port: number;
  postgresPort: number;
  poolSize: number;
}): string {
  return [
    '[databases]',
    `${DATABASE_NAME} = host=127.0.0.1 port=${options.postgresPort} dbname=${DATABASE_NAME} user=postgres`,
    `${LISTEN_DATABASE} = host=127.0.0.1 port=${options.postgresPort} dbname=${DATABASE_NAME} user=postgres pool_mode=session`,
    '',
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${options.port}`,
    'unix_socket_dir =',
    'auth_type = trust',
    // The follower RELOADs through the admin console after a failover.
    'admin_users = postgres',
    // After a failed login to a server that is gone, try the (new) one again within a second, not 15.
    'server_login_retry = 1',
    // A query left waiting for a server (the primary is away) is refused after 5 s rather than 120:
    // the driver gave up on it after 2.5 s, and its connection stays blocked behind it until it ends.
    'query_wait_timeout = 5',
    // A query a server has not answered in 3 s (the server has 2 s: statement_timeout) is lost with
    // its server (a primary killed mid-query): PgBouncer closes the client's connection, so that the
    // driver drops it instead of queueing the next queries behind an answer that never comes.
    'query_timeout = 3',
    `auth_file = ${join(options.dir, 'userlist.txt')}`,
    'pool_mode = transaction',
    `default_pool_size = ${options.poolSize}`,
    'max_client_conn = 500',
    'ignore_startup_parameters = statement_timeout,idle_in_transaction_session_timeout',
    `logfile = ${join(options.dir, 'pgbouncer.log')}`,
    `pidfile = ${join(options.dir, 'pgbouncer.pid')}`,
    '',
  ].join('\n');
}

export function writePgbouncerFiles(dir: string, port: number, postgresPort: number): string {
  const config = join(dir, 'pgbouncer.ini');
  writeFileSync(config, pgbouncerConfig({ dir, port, postgresPort, poolSize: 20 }));
  writeFileSync(join(dir, 'userlist.txt'), '"postgres" ""\n');
  const user = postgresUser();
  if (user) {
    chownSync(config, user.uid, user.gid);
    chownSync(join(dir, 'userlist.txt'), user.uid, user.gid);
  }
  return config;
}

// HAProxy ---------------------------------------------------------------------------------------

export type HaproxyOptions = {
  port: number;
  statsPort: number;
  instances: number[];
  /** Milliseconds between health checks; two failures take an instance out, two successes back in. */
  checkIntervalMs: number;
  /** Development sign-in: each instance runs its own issuer, so a sign-in must finish where it began. */
  signInOnFirst: boolean;
};

/**
 * Round robin over every healthy instance, nothing sticky. A request whose connection to an
 * instance is refused (it stopped listening, or was killed, before the checks noticed) never reached
 * it, so HAProxy sends it to another one (`option redispatch`); a request an instance had already
 * received is never sent twice.
 */
export function haproxyConfig(options: HaproxyOptions): string {
  const servers = options.instances.map((port, i) => `    server s${i + 1} 127.0.0.1:${port}`);
  const lines = [
    'global',
    '    maxconn 2000',
    '',
    'defaults',
    '    mode http',
    '    timeout connect 2s',
    '    timeout client 30s',
    '    timeout server 30s',
    '    timeout http-keep-alive 10s',
    // A health check may take a moment on a busy machine: up to 3 s, not one interval, before it counts
    // as failed (a refused connection or a 503 still counts at once).
    '    timeout check 3s',
    '    retries 2',
    '    option redispatch 1',
    '    option forwardfor',
    // With every instance out (the database is away, say during a failover), HAProxy answers itself:
    // with Retry-After, like the instances, so that clients wait and try again (plugins/errors.ts).
    '    http-error status 503 content-type application/json hdr retry-after 5 string "{\\"message\\":\\"Stride is unavailable for a moment. Try again shortly.\\"}"',
    '',
    'frontend stride',
    `    bind 127.0.0.1:${options.port}`,
    ...(options.signInOnFirst
      ? ['    acl sign_in path /api/auth/google /api/auth/callback', '    use_backend sign_in if sign_in']
      : []),
    '    default_backend instances',
    '',
    'backend instances',
    '    balance roundrobin',
    // An import at the limits (16 MiB) is worked on for up to a minute on a busy machine with nothing
    // sent either way; cut at 30 s, the person would be told an import that went through had failed.
    // The instance holds the connection for it too (src/server/http/long-work.ts).
    '    http-request set-timeout server 5m if { path /api/account/import }',
    '    option httpchk',
    '    http-check send meth GET uri /api/health ver HTTP/1.1 hdr Host localhost',
    '    http-check expect status 200',
    `    default-server check inter ${options.checkIntervalMs} fall 2 rise 2`,
    ...servers,
    '',
  ];
  if (options.signInOnFirst) {
    lines.push(
      'backend sign_in',
      '    option httpchk',
      '    http-check send meth GET uri /api/health ver HTTP/1.1 hdr Host localhost',
      '    http-check expect status 200',
      `    default-server check inter ${options.checkIntervalMs} fall 2 rise 2`,
      ...servers.map((line, i) => (i === 0 ? line : `${line} backup`)),
      '',
    );
  }
  lines.push(
    'frontend stats',
    `    bind 127.0.0.1:${options.statsPort}`,
    '    stats enable',
    '    stats uri /stats',
    '',
  );
  return lines.join('\n');
}

export type BalancerServer = {
  /** 'UP', 'DOWN', 'UP 1/2', ... */
  status: string;
  /** Connection attempts to this instance that failed and were tried again. */
  retries: number;
  /** Requests sent elsewhere after this instance refused their connection. */
  redispatches: number;
};

/** Each instance as HAProxy sees it, from its CSV stats page. */
export async function balancerServers(statsPort: number): Promise<Map<string, BalancerServer>> {
  const res = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`, { signal: AbortSignal.timeout(2_000) });
  const [header = '', ...rows] = (await res.text()).split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const at = (cells: string[], name: string) => cells[columns.indexOf(name)] ?? '';
  const servers = new Map<string, BalancerServer>();
  for (const row of rows) {
    const cells = row.split(',');
    if (at(cells, 'pxname') === 'instances' && /^s\d+$/.test(at(cells, 'svname'))) {
      servers.set(at(cells, 'svname'), {
        status: at(cells, 'status'),
        retries: Number(at(cells, 'wretr') || 0),
        redispatches: Number(at(cells, 'wredis') || 0),
      });
    }
  }
  return servers;
}

/** Each instance's state as HAProxy sees it ('UP', 'DOWN', 'UP 1/2', ...). */
export async function balancerStates(statsPort: number): Promise<Map<string, string>> {
  const servers = await balancerServers(statsPort);
  return new Map([...servers].map(([name, server]) => [name, server.status]));
}

/** Waits (bounded) until HAProxy reports the instance in `wanted` state. */
export async function waitForBalancer(
  statsPort: number,
  server: string,
  wanted: 'UP' | 'DOWN',
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    last = (await balancerStates(statsPort).catch(() => new Map<string, string>())).get(server) ?? '';
    if (last === wanted) return;
    await sleep(100);
  }
  throw new Error(
    `HAProxy did not report ${server} ${wanted} within ${timeoutMs} ms (last: ${last || 'none'})`,
  );
}

// Processes -------------------------------------------------------------------------------------

export type Launched = { child: ChildProcess; exited: Promise<number | null> };

/**
 * Starts a long-running part with its output in a log file. `detached` lets it outlive this process
 * (npm run cluster -- up); otherwise it is a child to stop (the tests).
 */
export function launch(
  command: string,
  args: string[],
  options: {
    log: string;
    env?: NodeJS.ProcessEnv;
    asPostgres?: boolean;
    detached?: boolean;
    /** Its own process group, so that a whole database node can be killed at once (the HA test). */
    ownGroup?: boolean;
  },
): Launched {
  const out = openSync(options.log, 'a');
  const child = spawn(command, args, {
    env: options.env ?? { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', out, out],
    detached: (options.detached || options.ownGroup) ?? false,
    ...(options.asPostgres ? (postgresUser() ?? {}) : {}),
  });
  closeSync(out);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  if (options.detached) child.unref();
  return { child, exited };
}

export function startPgbouncer(dir: string, config: string, detached = false): Launched {
  return launch(PGBOUNCER_BIN, [config], { log: join(dir, 'pgbouncer.out'), asPostgres: true, detached });
}

export function startHaproxy(dir: string, options: HaproxyOptions, detached = false): Launched {
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(config, haproxyConfig(options));
  return launch(HAPROXY_BIN, ['-db', '-f', config], { log: join(dir, 'haproxy.out'), detached });
}

export type InstanceOptions = {
  /** How the server is run: the compiled build, or the sources through tsx (tests). */
  command: string[];
  port: number;
  issuerPort: number;
  balancerPort: number;
  pgbouncerPort: number;
  drainMs: number;
  extraEnv?: Record<string, string>;
};

/** The environment of one instance behind the balancer and PgBouncer (README, "Production shape"). */
export function instanceEnv(options: InstanceOptions): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    DEV_OIDC_PORT: String(options.issuerPort),
    // Browsers only ever see the balancer.
    PUBLIC_URL: `http://localhost:${options.balancerPort}`,
    DATABASE_URL: `postgres://postgres@127.0.0.1:${options.pgbouncerPort}/${DATABASE_NAME}`,
    DATABASE_PREPARED_STATEMENTS: 'off',
    DATABASE_LISTEN_URL: `postgres://postgres@127.0.0.1:${options.pgbouncerPort}/${LISTEN_DATABASE}`,
    // HAProxy is the one hop allowed to name the client (X-Forwarded-For).
    TRUST_PROXY: '127.0.0.1',
    SHUTDOWN_DRAIN_MS: String(options.drainMs),
    LOG_LEVEL: 'warn',
    ...options.extraEnv,
  };
}

export function startInstance(
  dir: string,
  index: number,
  options: InstanceOptions,
  detached = false,
): Launched {
  const [command = process.execPath, ...args] = options.command;
  return launch(command, args, {
    log: join(dir, `instance-${index + 1}.log`),
    env: instanceEnv(options),
    detached,
  });
}

/** Waits (bounded) until an instance answers 200 on its own /api/health. */
export async function waitForHealthy(
  port: number,
  exited: Promise<unknown>,
  timeoutMs = 60_000,
): Promise<void> {
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !gone) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`, {
      signal: AbortSignal.timeout(2_000),
    }).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error(
    gone ? `instance on ${port} exited while starting` : `instance on ${port} not healthy in time`,
  );
}

export function readPid(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim().split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}
