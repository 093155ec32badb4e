import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '#shared/api/contract';
import type { Db } from '../../db/client';
import { serve } from '../../http/serve';
import { requireUser } from '../auth/auth-session';
import { snoozeReminder } from './reminders.service';

/** A reminder's notification asks for it again later (docs/product.md#reminders). */
export const remindersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, api.reminders.snooze, async (request, reply) => {
    const { kind, id } = request.body;
    await snoozeReminder(db, requireUser(request).id, kind, id, request.now);
    return reply.status(204).send(null);
  });
};
