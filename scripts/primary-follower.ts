import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { FORMATION, primaryPort } from './cluster-ha';
import { pgbouncerConfig, sleep } from './cluster-topology';

/*
 * PgBouncer follows the primary pg_auto_failover's monitor names (docs/decisions/035-database-failover.md).
 * pg_auto_failover leaves routing to the client (a multi-host URI with target_session_attrs=read-write),
 * which neither node-postgres nor PgBouncer 1.18 understands; so this small process asks the monitor,
 * woken by its `state` notifications and at least every POLL_MS, and when the primary moves, rewrites
 * PgBouncer's target and RELOADs it through the admin console. The instances keep one address.
 */

const POLL_MS = 500;

export type FollowerOptions = {
  monitorUri: string;
  /** PgBouncer's directory, config file and port (scripts/cluster-topology.ts). */
  dir: string;
  config: string;
  pgbouncerPort: number;
  /** The primary PgBouncer was started on. */
  initialPort: number;
  log?: (text: string) => void;
};

export type Follower = {
  /** Each time PgBouncer was pointed at a new primary (ms since the epoch, the primary's port). */
  switches: Array<{ at: number; port: number }>;
  stop: () => Promise<void>;
};

async function reloadPgbouncer(port: number): Promise<void> {
  const admin = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    database: 'pgbouncer',
    connectionTimeoutMillis: 2_000,
  });
  await admin.connect();
  try {
    // The admin console speaks the simple query protocol only: a query with no parameters uses it.
    await admin.query('RELOAD');
  } finally {
    await admin.end();
  }
}

/** Listens for the monitor's state changes; answers a way to stop listening. Failures only wake less often. */
async function listenForChanges(monitorUri: string, wake: () => void): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: monitorUri, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  client.on('notification', wake);
  try {
    await client.connect();
    await client.query('listen state');
  } catch {
    // The loop below still polls.
  }
  return () => client.end().catch(() => undefined);
}

export async function followPrimary(options: FollowerOptions): Promise<Follower> {
  const switches: Follower['switches'] = [];
  let current = options.initialPort;
  let stopped = false;
  let wake: () => void = () => undefined;
  let unlisten = await listenForChanges(options.monitorUri, () => wake());
  let listening = Date.now();
  const loop = (async () => {
    while (!stopped) {
      const port = await primaryPort(options.monitorUri).catch(() => undefined);
      if (port !== undefined && port !== current) {
        writeFileSync(
          options.config,
          pgbouncerConfig({
            dir: options.dir,
            port: options.pgbouncerPort,
            postgresPort: port,
            poolSize: 20,
          }),
        );
        try {
          await reloadPgbouncer(options.pgbouncerPort);
          current = port;
          switches.push({ at: Date.now(), port });
          options.log?.(`PgBouncer now points at the primary on port ${port}`);
        } catch (error) {
          options.log?.(`PgBouncer RELOAD failed, trying again: ${(error as Error).message}`);
        }
      }
      // The monitor's connection may have gone with a restart: listen afresh now and then.
      if (Date.now() - listening > 30_000) {
        await unlisten();
        unlisten = await listenForChanges(options.monitorUri, () => wake());
        listening = Date.now();
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();
  return {
    switches,
    async stop() {
      stopped = true;
      wake();
      await Promise.race([loop, sleep(5_000)]);
      await unlisten();
    },
  };
}

// `node --import tsx scripts/primary-follower.ts <monitor uri> <pgbouncer dir> <config> <port> <primary port>`
// runs it on its own (npm run cluster -- up).
if (process.argv[1]?.endsWith('primary-follower.ts')) {
  const [monitorUri = '', dir = '', config = '', pgbouncerPort = '0', initialPort = '0'] =
    process.argv.slice(2);
  const follower = await followPrimary({
    monitorUri,
    dir,
    config,
    pgbouncerPort: Number(pgbouncerPort),
    initialPort: Number(initialPort),
    log: (text) => console.log(`${new Date().toISOString()} ${text} (formation ${FORMATION})`),
  });
  process.once('SIGTERM', () => void follower.stop().then(() => process.exit(0)));
}
