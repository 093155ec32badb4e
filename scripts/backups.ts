import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeOwnedDir, postgresUser } from './cluster-topology';

/*
 * Backups that restore (docs/decisions/035-database-failover.md): pgBackRest from Debian keeps full
 * backups and the WAL archive in a repository; PostgreSQL pushes each WAL segment there as it is
 * filled (archive_command), and a restore replays the archive up to a point in time. `scripts/restore.ts`
 * is the restore as a command; tests/faults/backup-restore.test.ts proves it on a real server.
 */

export const PGBACKREST_BIN = process.env.PGBACKREST_BIN ?? '/usr/bin/pgbackrest';
export const STANZA = 'stride';

export function missingBackupBinaries(): string[] {
  return [PGBACKREST_BIN].filter((path) => !existsSync(path));
}

/** A PostgreSQL server pgBackRest backs up: its data directory, port and socket directory. */
export type BackedUpServer = { pgdata: string; port: number; socketDir: string };

/**
 * Writes pgBackRest's configuration: repository, logs and locks under `dir`, and the servers of one
 * database (one, or a primary and its standby in any order: pgBackRest asks each which is the primary
 * when it backs up, so a backup after a failover needs no change).
 */
export function writePgbackrestConfig(dir: string, servers: BackedUpServer[]): string {
  for (const sub of ['repository', 'log', 'lock', 'spool']) makeOwnedDir(join(dir, sub));
  const config = join(dir, 'pgbackrest.conf');
  writeFileSync(
    config,
    [
      '[global]',
      `repo1-path=${join(dir, 'repository')}`,
      // Two full backups kept; the archive is kept as far back as the oldest of them.
      'repo1-retention-full=2',
      `log-path=${join(dir, 'log')}`,
      `lock-path=${join(dir, 'lock')}`,
      `spool-path=${join(dir, 'spool')}`,
      'log-level-console=warn',
      'log-level-file=info',
      // Checkpoint at once when a backup starts, instead of waiting for the next one.
      'start-fast=y',
      '',
      `[${STANZA}]`,
      ...servers.flatMap((server, i) => [
        `pg${i + 1}-path=${server.pgdata}`,
        `pg${i + 1}-port=${server.port}`,
        `pg${i + 1}-socket-path=${server.socketDir}`,
      ]),
      '',
    ].join('\n'),
  );
  const user = postgresUser();
  if (user) chownSync(config, user.uid, user.gid);
  return config;
}

/**
 * The lines postgresql.conf needs for every filled WAL segment to reach the repository. With several
 * servers in the configuration, each names its own data directory: pgBackRest checks that the
 * server pushing is the one its pg1 names.
 */
export function archiveSettings(config: string, pgdata?: string): string[] {
  const own = pgdata === undefined ? '' : ` --pg1-path=${pgdata}`;
  return [
    'archive_mode = on',
    `archive_command = '${PGBACKREST_BIN} --config=${config} --stanza=${STANZA}${own} archive-push %p'`,
    // A quiet server still archives at least once a minute, so a restore can reach the last minute.
    'archive_timeout = 60',
  ];
}

/** One pgBackRest command, as the postgres user when running as root. */
export function pgbackrest(config: string, args: string[]): string {
  const result = spawnSync(PGBACKREST_BIN, [`--config=${config}`, `--stanza=${STANZA}`, ...args], {
    encoding: 'utf8',
    timeout: 300_000,
    ...(postgresUser() ?? {}),
  });
  if (result.status !== 0) {
    throw new Error(
      `pgbackrest ${args[0]} failed (${result.status}): ${(result.stderr || result.stdout).slice(-2_000)}`,
    );
  }
  return result.stdout;
}

/**
 * Restores the latest full backup into an empty `pgdata` and sets it to replay the archive up to
 * `target` (a PostgreSQL timestamp), then to promote: once started, it is a server of its own, with
 * every transaction committed before `target` and none after.
 */
export function restoreToTime(config: string, pgdata: string, target: string): void {
  makeOwnedDir(pgdata);
  pgbackrest(config, [
    `--pg1-path=${pgdata}`,
    '--type=time',
    `--target=${target}`,
    '--target-action=promote',
    // The restored copy must not push its own WAL into the repository of the server it came from.
    '--archive-mode=off',
    'restore',
  ]);
}
