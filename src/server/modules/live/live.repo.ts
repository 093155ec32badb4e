import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** NOTIFY on the live-update channel: an ordinary statement, so it may go through a pooler. */
export async function notifyChannel(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
