import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../src/server/db/client';
import { migrateDatabase } from '../../../src/server/db/migrate';
import './test-database';

/**
 * Creating and migrating a PGlite takes seconds; loading a snapshot takes under one. So migrate once
 * per run and let every test file start from a copy of the same migrated snapshot. The snapshots are
 * plain tar files: 40 MB in the temporary folder, but unzipping one took 0.4 of the 1 s a load takes
 * (bench/notes/suite-time.md).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'stride-pglite-'));
  // An empty database too, in memory and on disk, for the tests about the engine (made-databases.ts).
  const empty = await PGlite.create();
  const emptySnapshot = Buffer.from(await (await empty.dumpDataDir('none')).arrayBuffer());
  await empty.close();
  const emptyPath = join(dir, 'empty.tar');
  writeFileSync(emptyPath, emptySnapshot);
  const emptyDataDir = join(dir, 'empty-data');
  const onDisk = await PGlite.create({ dataDir: emptyDataDir, loadDataDir: new Blob([emptySnapshot]) });
  await onDisk.close();
  project.provide('emptyDatabase', { snapshotPath: emptyPath, dataDir: emptyDataDir });

  const pglite = new PGlite();
  const database = await openDatabase({ pglite });
  await migrateDatabase(database);
  const snapshot = await pglite.dumpDataDir('none');
  await pglite.close();
  const snapshotPath = join(dir, 'migrated.tar');
  writeFileSync(snapshotPath, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('testDatabase', { kind: 'pglite', snapshotPath });
  return () => rmSync(dir, { recursive: true, force: true });
}
