import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchemas } from '#shared/api/common';
import {
  DeletePushSubscriptionInputSchema,
  PushPublicKeySchema,
  PushSubscriptionInputSchema,
  PushSubscriptionSchema,
} from '#shared/api/push';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { requireUser } from '../auth/auth-session';
import { subscribe, unsubscribe, vapidKeyPair } from './push.service';

/** The VAPID public key, and the person's push subscriptions (docs/product.md#reminders). */
export const pushRoutes: FastifyPluginAsyncZod<{ db: Db; env: Env }> = async (app, { db, env }) => {
  app.get(
    '/public-key',
    { schema: { response: { 200: PushPublicKeySchema, ...ErrorResponseSchemas } } },
    async () => ({ publicKey: (await vapidKeyPair(db, env)).publicKey }),
  );

  app.post(
    '/subscriptions',
    {
      schema: {
        body: PushSubscriptionInputSchema,
        response: { 200: PushSubscriptionSchema, 201: PushSubscriptionSchema, ...ErrorResponseSchemas },
      },
    },
    async (request, reply) => {
      const { subscription, created } = await subscribe(db, env, requireUser(request).id, request.body);
      return reply.status(created ? 201 : 200).send(subscription);
    },
  );

  app.delete(
    '/subscriptions',
    {
      schema: {
        body: DeletePushSubscriptionInputSchema,
        response: { 204: z.null(), ...ErrorResponseSchemas },
      },
    },
    async (request, reply) => {
      await unsubscribe(db, requireUser(request).id, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
};
