import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '#shared/api/contract';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { serve } from '../../http/serve';
import { requireUser } from '../auth/auth-session';
import { subscribe, unsubscribe, vapidKeyPair } from './push.service';

/** The VAPID public key, and the person's push subscriptions (docs/product.md#reminders). */
export const pushRoutes: FastifyPluginAsyncZod<{ db: Db; env: Env }> = async (app, { db, env }) => {
  serve(app, api.push.publicKey, async () => ({ publicKey: (await vapidKeyPair(db, env)).publicKey }));

  serve(app, api.push.subscribe, async (request, reply) => {
    const { subscription, created } = await subscribe(db, env, requireUser(request).id, request.body);
    return reply.status(created ? 201 : 200).send(subscription);
  });

  serve(app, api.push.unsubscribe, async (request, reply) => {
    await unsubscribe(db, requireUser(request).id, request.body.endpoint);
    return reply.status(204).send(null);
  });
};
