import { sql } from 'drizzle-orm';
import { type Db, embeddedThreadOf } from '../../db/client';

/**
 * How long the embedded database's thread may work on the statements it was given without answering
 * any before health calls it down: its longest statements (an import's deciding transaction, a vacuum
 * of a large table) take well under a second (bench/notes/fairness.md).
 */
export const EMBEDDED_BUSY_BOUND_MS = 5_000;

/** True when the database answers a trivial query (no table, so no owner to filter by). */
async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the database is up. The embedded database's thread runs one statement at a time, so a ping
 * would wait for the one running: while it is busy and has answered within the bound, it is up without
 * one (docs/decisions/040-embedded-database-thread.md). Otherwise, and on PostgreSQL, it is pinged.
 */
export async function databaseUp(db: Db): Promise<boolean> {
  switch (embeddedThreadOf(db)?.activity(EMBEDDED_BUSY_BOUND_MS)) {
    case 'busy':
      return true;
    case 'stuck':
    case 'stopped':
      return false;
    default:
      return pingDatabase(db);
  }
}
