import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { restoreToTime } from './backups';
import { POSTGRES_BIN_DIR, postgresUser } from './cluster-topology';

/*
 * `node --import tsx scripts/restore.ts <pgbackrest.conf> <empty data dir> <target time> [port]`: restores
 * the latest pgBackRest backup into the directory, replaying the WAL archive up to the target time (any
 * timestamp PostgreSQL reads, e.g. '2026-11-27 03:40:00+00'), and with a port starts it there and waits
 * until the recovery is over (docs/decisions/035-database-failover.md). Check it, then point PgBouncer
 * at it or copy from it what was lost.
 */

const [config, pgdata, target, port] = process.argv.slice(2);
if (!config || !pgdata || !target) {
  console.error(
    'Usage: node --import tsx scripts/restore.ts <pgbackrest.conf> <empty data dir> <target time> [port]',
  );
  process.exit(2);
}
restoreToTime(resolve(config), resolve(pgdata), target);
console.log(`Restored into ${pgdata}, to replay up to ${target}.`);
if (port) {
  const result = spawnSync(
    `${POSTGRES_BIN_DIR}/pg_ctl`,
    [
      '-D',
      resolve(pgdata),
      '-l',
      `${resolve(pgdata)}/restore.log`,
      '-w',
      '-t',
      '300',
      '-o',
      `-p ${port} -k ${resolve(pgdata)} -c listen_addresses=127.0.0.1`,
      'start',
    ],
    { encoding: 'utf8', ...(postgresUser() ?? {}) },
  );
  if (result.status !== 0) {
    console.error(result.stderr || result.stdout);
    process.exit(1);
  }
  console.log(`Started on 127.0.0.1:${port}; it promotes itself when the replay reaches the target.`);
}
