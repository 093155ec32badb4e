import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '#shared/api/contract';
import type { Db } from '../../db/client';
import { sendJsonText } from '../../http/send-json-text';
import { serve } from '../../http/serve';
import { userToday } from '../../plugins/user-day';
import { requireUser } from '../auth/auth-session';
import { asksForNoCache, keptAnswers } from './kept-answers';
import { getToday, reorderToday } from './today.service';

export const todayRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const kept = keptAnswers();

  serve(app, api.today.get, async (request, reply) => {
    const fresh = asksForNoCache(request.headers['cache-control']);
    return sendJsonText(reply, await getToday(db, kept, requireUser(request).id, userToday(request), fresh));
  });

  serve(app, api.today.reorder, async (request, reply) => {
    await reorderToday(db, requireUser(request).id, request.body);
    return reply.status(204).send(null);
  });
};
