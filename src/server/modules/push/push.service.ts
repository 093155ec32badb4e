import { createHash } from 'node:crypto';
import {
  MAX_PUSH_SUBSCRIPTIONS,
  type PushSubscriptionInput,
  type PushSubscriptionView,
} from '#shared/api/push';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { badRequest, HttpError, quotaReached } from '../../errors';
import {
  countSubscriptions,
  deleteSubscription,
  deleteSubscriptionById,
  findSubscription,
  type KeyPair,
  keptVapidKeys,
  listSubscriptions,
  releaseEndpoint,
  type StoredSubscription,
  upsertSubscription,
} from './push.repo';
import { type EndpointPolicy, PushEndpointRefused, vetPushEndpoint } from './push-endpoint-guard';
import { type PushOutcome, sendPush, type Vapid } from './push-sender';

/*
 * Web Push for reminders (docs/product.md#reminders, docs/decisions/032-push-reminders.md): the VAPID
 * key pair, the browsers a person switched on, and sending one message to one of them.
 */

const keysByDb = new WeakMap<Db, Promise<KeyPair>>();

/** The VAPID pair: the configured one, else the one kept in the database (made by the first to ask). */
export function vapidKeyPair(db: Db, env: Env): Promise<KeyPair> {
  if (env.vapidKeys) return Promise.resolve(env.vapidKeys);
  let keys = keysByDb.get(db);
  if (!keys) {
    // web-push is loaded when first needed rather than at every start (docs/decisions/034-start-without-rebuilding.md).
    keys = import('web-push').then(({ default: webpush }) => keptVapidKeys(db, webpush.generateVAPIDKeys()));
    keys.catch(() => keysByDb.delete(db));
    keysByDb.set(db, keys);
  }
  return keys;
}

export async function vapidFor(db: Db, env: Env): Promise<Vapid> {
  return { subject: env.VAPID_SUBJECT, ...(await vapidKeyPair(db, env)) };
}

export const endpointPolicy = (env: Env): EndpointPolicy => ({ production: env.NODE_ENV === 'production' });

const view = (row: StoredSubscription): PushSubscriptionView => ({
  endpoint: row.endpoint,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Keeps a browser's subscription for the person (the same endpoint again takes its new keys), and
 * only for them: whoever had that browser's endpoint before loses it. Its endpoint must pass the
 * guard; an 11th browser is refused with 409.
 */
export async function subscribe(
  db: Db,
  env: Env,
  userId: string,
  input: PushSubscriptionInput,
): Promise<{ subscription: PushSubscriptionView; created: boolean }> {
  try {
    await vetPushEndpoint(input.endpoint, endpointPolicy(env));
  } catch (error) {
    if (!(error instanceof PushEndpointRefused)) throw error;
    throw badRequest(error.message, [{ path: 'endpoint', message: error.message }]);
  }
  const known = await findSubscription(db, userId, input.endpoint);
  if (!known && (await countSubscriptions(db, userId)) >= MAX_PUSH_SUBSCRIPTIONS) {
    throw quotaReached(
      `You have reached the limit of ${MAX_PUSH_SUBSCRIPTIONS} devices with reminders. Switch reminders off on a device you no longer use to add this one.`,
    );
  }
  await releaseEndpoint(db, userId, input.endpoint);
  const row = await upsertSubscription(db, userId, {
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
  });
  return { subscription: view(row), created: !known };
}

export async function unsubscribe(db: Db, userId: string, endpoint: string): Promise<void> {
  if (!(await deleteSubscription(db, userId, endpoint))) {
    throw new HttpError(404, 'Push subscription not found');
  }
}

export function subscriptionsOf(db: Db, userId: string): Promise<StoredSubscription[]> {
  return listSubscriptions(db, userId);
}

/** Forgets a subscription the push service said is gone (404, 410). */
export function forgetSubscription(db: Db, userId: string, id: string): Promise<void> {
  return deleteSubscriptionById(db, userId, id);
}

/** The Topic header for an item (RFC 8030, 5.4: at most 32 base64url characters). */
export function pushTopic(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 32);
}

/** Sends one message to one kept subscription. */
export async function pushTo(
  db: Db,
  env: Env,
  subscription: Pick<StoredSubscription, 'endpoint' | 'p256dh' | 'auth'>,
  payload: string,
  options: { topic: string; now: () => Date },
): Promise<PushOutcome> {
  return sendPush(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    payload,
    { vapid: await vapidFor(db, env), policy: endpointPolicy(env), topic: options.topic, now: options.now },
  );
}
