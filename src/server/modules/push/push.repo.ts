import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushSubscriptions, vapidKeys } from '../../db/schema';

export type KeyPair = { publicKey: string; privateKey: string };

/**
 * The kept VAPID key pair, or `made` kept as it when there is none yet: two instances starting at once
 * both answer the pair that won. The keys belong to the server, not to a person: no owner to filter by.
 */
export async function keptVapidKeys(db: Db, made: KeyPair): Promise<KeyPair> {
  await db
    .insert(vapidKeys)
    .values({ id: 1, ...made })
    .onConflictDoNothing({ target: vapidKeys.id });
  const [row] = await db
    .select({ publicKey: vapidKeys.publicKey, privateKey: vapidKeys.privateKey })
    .from(vapidKeys)
    .where(eq(vapidKeys.id, 1));
  if (!row) throw new Error('no VAPID keys after insert');
  return row;
}

export type StoredSubscription = {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: Date;
};

export async function countSubscriptions(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return row?.value ?? 0;
}

export async function findSubscription(
  db: Db,
  userId: string,
  endpoint: string,
): Promise<StoredSubscription | undefined> {
  const [row] = await db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return row;
}

/**
 * Takes a browser's endpoint away from anyone else who switched reminders on in that browser before
 * (someone who signed out, and another person who signed in there since). The one query here not
 * scoped to its owner, on purpose: an endpoint is a secret address the push service gave that
 * browser alone, so presenting it proves the browser is the caller's now, and the earlier person's
 * reminders must stop showing on a device they left (docs/decisions/032-push-reminders.md).
 */
export async function releaseEndpoint(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), ne(pushSubscriptions.userId, userId)));
}

/** Keeps the subscription, or takes the new keys of the one with the same endpoint. */
export async function upsertSubscription(
  db: Db,
  userId: string,
  values: { endpoint: string; p256dh: string; auth: string },
): Promise<StoredSubscription> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: [pushSubscriptions.userId, pushSubscriptions.endpoint],
      set: { p256dh: values.p256dh, auth: values.auth },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

export async function deleteSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

export async function deleteSubscriptionById(db: Db, userId: string, id: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)));
}

/** The person's subscriptions, oldest first. */
export async function listSubscriptions(db: Db, userId: string): Promise<StoredSubscription[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.createdAt, sql`${pushSubscriptions.id}`);
}
