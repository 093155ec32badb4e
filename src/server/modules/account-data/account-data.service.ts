import type { AccountSummary } from '#shared/api/account-data';
import { type Db, inTransaction } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { listSessions } from '../auth/sessions.service';
import { countOwned, deleteUser } from './account-data.repo';

/**
 * What deleting the account would delete (GET /api/account/summary): the person's items and their
 * live devices, counted as the session list counts them (modules/auth/sessions.service.ts).
 */
export async function countAccount(db: Db, userId: string, now: Date): Promise<AccountSummary> {
  const [owned, devices] = [await countOwned(db, userId), await listSessions(db, userId, '', now)];
  return { ...owned, devices: devices.length };
}

/**
 * Deletes the person and everything of theirs (docs/product.md#your-data). Answers false when they
 * were already gone (a second device got there first).
 */
export function deleteAccount(db: Db, user: Pick<UserRow, 'id'>): Promise<boolean> {
  return inTransaction(db, (tx) => deleteUser(tx, user.id), { owner: user.id });
}
