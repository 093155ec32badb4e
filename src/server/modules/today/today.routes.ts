import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '../../../shared/api/common';
import { TodayReorderInputSchema } from '../../../shared/api/reorder';
import { TodaySchema } from '../../../shared/api/today';
import type { Db } from '../../db/client';
import { requireUser, userToday } from '../../plugins/auth-session';
import { getToday, reorderToday } from './today.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };

export const todayRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/', { schema: { response: { 200: TodaySchema, ...errors } } }, async (request) =>
    getToday(db, requireUser(request).id, userToday(request)),
  );

  app.post(
    '/reorder',
    { schema: { body: TodayReorderInputSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await reorderToday(db, requireUser(request).id, request.body);
      return reply.status(204).send(null);
    },
  );
};
