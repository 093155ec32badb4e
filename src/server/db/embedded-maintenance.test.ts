import type { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyPGlite } from '../../../tests/server/helpers/made-databases';
import { type MaintenanceRun, startEmbeddedMaintenance } from './embedded-maintenance';

/** The table's rows and its index, without the free-space and visibility maps a vacuum adds. */
async function tableBytes(pglite: PGlite): Promise<number> {
  const { rows } = await pglite.query<{ bytes: number }>(
    `select (pg_relation_size('t') + pg_relation_size('t_n_idx'))::int as bytes`,
  );
  return rows[0]?.bytes ?? 0;
}

/**
 * 3,000 updates of five rows' indexed column, as drags rewrite positions (an update of an indexed
 * column cannot reuse its page the way a tick can), noting each as a write.
 */
async function churn(pglite: PGlite, note: () => void): Promise<void> {
  for (let i = 0; i < 3000; i += 1) {
    await pglite.query('update t set n = n + 1 where id = $1', [i % 5]);
    note();
    // A turn of the event loop after each, as between HTTP answers: a vacuum runs a table per turn.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

let open: PGlite[] = [];
afterEach(async () => {
  for (const pglite of open) await pglite.close();
  open = [];
});

async function table(): Promise<PGlite> {
  const pglite = await emptyPGlite();
  open.push(pglite);
  await pglite.exec('create table t (id int primary key, n int not null default 0, pad text)');
  await pglite.exec('create index t_n_idx on t (n)');
  await pglite.exec("insert into t select g, 0, repeat('x', 200) from generate_series(0, 4) g");
  return pglite;
}

/** Maintenance that runs only when asked, and the runs it reported. */
function recorded(pglite: PGlite) {
  const runs: MaintenanceRun[] = [];
  const maintenance = startEmbeddedMaintenance(pglite, {
    everyWrites: 1_000_000,
    everyMs: 60_000,
    onRun: (run) => runs.push(run),
  });
  return { maintenance, runs };
}

describe('embedded maintenance', () => {
  it('keeps a churned table small, where without it the table grows with every update', async () => {
    const untended = await table();
    await churn(untended, () => undefined);

    const tended = await table();
    const runs: string[] = [];
    const maintenance = startEmbeddedMaintenance(tended, {
      everyWrites: 500,
      everyMs: 60_000,
      onRun: ({ reason }) => runs.push(reason),
    });
    await churn(tended, () => maintenance.noteWrite());
    await maintenance.stop();

    expect(runs.length).toBeGreaterThanOrEqual(5);
    expect(runs.every((reason) => reason === 'writes')).toBe(true);
    const grown = await tableBytes(untended);
    const kept = await tableBytes(tended);
    // Measured here: 18 pages untended against 4 tended, and the untended table keeps growing.
    expect(kept * 3).toBeLessThan(grown);
  }, 60_000);

  it('runs on demand and after a quiet spell only when something was written', async () => {
    const pglite = await table();
    const runs: string[] = [];
    const maintenance = startEmbeddedMaintenance(pglite, {
      everyWrites: 1_000_000,
      everyMs: 50,
      onRun: ({ reason }) => runs.push(reason),
    });
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(runs).toEqual([]);
    maintenance.noteWrite();
    await vi.waitFor(() => expect(runs).toEqual(['schedule']), { timeout: 10_000, interval: 20 });
    await maintenance.run('start');
    expect(runs).toEqual(['schedule', 'start']);
    await maintenance.stop();
  });

  it('vacuums every table, the catalogs too, one statement each, serving others between them', async () => {
    const pglite = await table();
    const { maintenance, runs } = recorded(pglite);
    const { rows: before } = await pglite.query<{ at: string }>('select clock_timestamp()::text as at');
    let done = false;
    const running = maintenance.run('start').then(() => {
      done = true;
    });
    // Another request's statement in every turn of the event loop while the run lasts: a run that
    // held the connection for the whole database would let none of them in before it ended.
    let served = 0;
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      await pglite.query('select 1');
      if (!done) served += 1;
    }
    await running;
    await maintenance.stop();

    const [run] = runs;
    expect(runs).toHaveLength(1);
    expect(run?.tables).toBeGreaterThan(50);
    expect(served).toBeGreaterThan((run?.tables ?? 0) / 2);
    // Every table, the catalogs' and the TOAST tables included, was vacuumed or analysed by this run,
    // as a whole-database VACUUM (ANALYZE) would have done.
    const { rows: missed } = await pglite.query<{ relname: string }>(
      `select relname from pg_stat_all_tables
        where greatest(last_vacuum, last_analyze) is null or greatest(last_vacuum, last_analyze) < $1::timestamptz`,
      [before[0]?.at],
    );
    expect(missed).toEqual([]);
  });

  it('ends a run with a checkpoint, so the next one of the WAL flusher has only its own files to sync', async () => {
    const pglite = await table();
    const { maintenance, runs } = recorded(pglite);
    const redo = async () =>
      (await pglite.query<{ lsn: string }>('select redo_lsn::text as lsn from pg_control_checkpoint()'))
        .rows[0]?.lsn;
    await pglite.exec("insert into t select g, 0, 'x' from generate_series(5, 1004) g");
    const before = await redo();
    await maintenance.run('start');
    await maintenance.stop();
    expect(runs).toHaveLength(1);
    expect(await redo()).not.toBe(before);
  });

  it('stops between two tables instead of finishing the run', async () => {
    const pglite = await table();
    const { maintenance, runs } = recorded(pglite);
    void maintenance.run('start');
    await maintenance.stop();
    expect(runs).toEqual([]);
  });

  it('analyses a table where autovacuum would (50 rows plus a tenth changed), and vacuums every time', async () => {
    const pglite = await table();
    const maintenance = startEmbeddedMaintenance(pglite, { everyWrites: 1_000_000, everyMs: 60_000 });
    const seen = async () => {
      const { rows } = await pglite.query<{ vacuumed: string; analysed: string | null }>(
        `select last_vacuum::text as vacuumed, last_analyze::text as analysed
           from pg_stat_all_tables where relid = 't'::regclass`,
      );
      return rows[0];
    };
    await pglite.exec("insert into t select g, 0, 'x' from generate_series(5, 1004) g");
    await maintenance.run('first');
    const first = await seen();
    expect(first?.analysed).not.toBeNull();

    // 60 rows changed of about 1,000: under the 150 that call for another ANALYZE.
    await pglite.exec('update t set n = n + 1 where id < 60');
    await maintenance.run('second');
    const second = await seen();
    expect(second?.vacuumed).not.toBe(first?.vacuumed);
    expect(second?.analysed).toBe(first?.analysed);

    await pglite.exec('update t set n = n + 1 where id < 200');
    await maintenance.run('third');
    expect((await seen())?.analysed).not.toBe(first?.analysed);
    await maintenance.stop();
  });
});
