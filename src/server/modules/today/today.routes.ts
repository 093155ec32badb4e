import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchemas } from '#shared/api/common';
import { TodayReorderInputSchema } from '#shared/api/reorder';
import { TodaySchema } from '#shared/api/today';
import type { Db } from '../../db/client';
import { sendJsonText } from '../../http/send-json-text';
import { userToday } from '../../plugins/user-day';
import { requireUser } from '../auth/auth-session';
import { asksForNoCache, keptAnswers } from './kept-answers';
import { getToday, reorderToday } from './today.service';

export const todayRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const kept = keptAnswers();

  app.get(
    '/',
    { schema: { response: { 200: TodaySchema, ...ErrorResponseSchemas } } },
    async (request, reply) => {
      const fresh = asksForNoCache(request.headers['cache-control']);
      return sendJsonText(
        reply,
        await getToday(db, kept, requireUser(request).id, userToday(request), fresh),
      );
    },
  );

  app.post(
    '/reorder',
    { schema: { body: TodayReorderInputSchema, response: { 204: z.null(), ...ErrorResponseSchemas } } },
    async (request, reply) => {
      await reorderToday(db, requireUser(request).id, request.body);
      return reply.status(204).send(null);
    },
  );
};
