import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  archiveSettings,
  missingBackupBinaries,
  pgbackrest,
  writePgbackrestConfig,
} from '../../scripts/backups';
import {
  freePort,
  makeOwnedDir,
  missingClusterBinaries,
  sleep,
  startPostgres,
  stopPostgres,
} from '../../scripts/cluster-topology';

/*
 * Backups that restore (docs/decisions/035-database-failover.md): a PostgreSQL 15 archiving its WAL
 * into pgBackRest, a full backup, acknowledged writes before a chosen moment and more after it; the
 * restore script (scripts/restore.ts) brings back a server holding every write acknowledged before the
 * moment and none after.
 */

const missing = [...missingClusterBinaries(), ...missingBackupBinaries()];
if (missing.length > 0) {
  console.warn(
    `!!! The backup and restore test is SKIPPED: ${missing.join(', ')} not installed (apt-get install pgbackrest postgresql-15)`,
  );
}

const dir = mkdtempSync(join(tmpdir(), 'stride-backup-'));
const source = join(dir, 'source');
const restored = join(dir, 'restored');
let sourcePort = 0;
let restoredPort = 0;
let config = '';
const started: string[] = [];

async function query<T extends pg.QueryResultRow>(port: number, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (missing.length > 0) return;
  makeOwnedDir(dir);
  makeOwnedDir(source);
  sourcePort = await freePort();
  restoredPort = await freePort();
  config = writePgbackrestConfig(join(dir, 'backups'), [
    { pgdata: join(source, 'data'), port: sourcePort, socketDir: source },
  ]);
  // initdb and a first start, then the archive settings, which need a restart.
  startPostgres(source, sourcePort);
  started.push(source);
  stopPostgres(source);
  appendFileSync(join(source, 'data', 'postgresql.conf'), `\n${archiveSettings(config).join('\n')}\n`);
  startPostgres(source, sourcePort);
  pgbackrest(config, ['stanza-create']);
  pgbackrest(config, ['check']);
  pgbackrest(config, ['--type=full', 'backup']);
}, 300_000);

afterAll(() => {
  for (const server of started) {
    try {
      stopPostgres(server, 'immediate');
    } catch {
      // Already stopped.
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

describe.runIf(missing.length === 0)('pgBackRest: a full backup and the WAL archive', () => {
  it('restores to a point in time: every write acknowledged before it, none after', async () => {
    await query(
      sourcePort,
      'create table acknowledged (id uuid primary key, at timestamptz not null default now())',
    );
    const before: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const id = randomUUID();
      await query(sourcePort, 'insert into acknowledged (id) values ($1)', [id]);
      before.push(id);
    }
    // The moment: after the last acknowledged commit above, before the first one below.
    await sleep(1_100);
    const [{ target } = { target: '' }] = await query<{ target: string }>(
      sourcePort,
      'select now()::text as target',
    );
    await sleep(1_100);
    const after: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const id = randomUUID();
      await query(sourcePort, 'insert into acknowledged (id) values ($1)', [id]);
      after.push(id);
    }
    // Close the WAL segment holding them, and wait until it is in the repository.
    await query(sourcePort, 'select pg_switch_wal()');
    pgbackrest(config, ['check']);

    makeOwnedDir(restored);
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/restore.ts', config, join(restored, 'data'), target, String(restoredPort)],
      { encoding: 'utf8', timeout: 300_000 },
    );
    started.push(restored);
    expect(run.status, run.stderr).toBe(0);
    // Bounded: the replay of a few segments takes a moment, then the server promotes itself.
    for (let waited = 0; waited < 60_000; waited += 250) {
      const [row] = await query<{ recovering: boolean }>(
        restoredPort,
        'select pg_is_in_recovery() as recovering',
      ).catch(() => [{ recovering: true }]);
      if (row && !row.recovering) break;
      await sleep(250);
    }
    const present = new Set(
      (await query<{ id: string }>(restoredPort, 'select id from acknowledged')).map((row) => row.id),
    );
    expect(before.filter((id) => !present.has(id))).toEqual([]);
    expect(after.filter((id) => present.has(id))).toEqual([]);
  }, 300_000);
});
