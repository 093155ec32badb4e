import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, IdParamsSchema } from '../../../shared/api/common';
import {
  CreateHabitInputSchema,
  HabitListSchema,
  HabitSchema,
  UpdateHabitInputSchema,
} from '../../../shared/api/habits';
import { SortReorderInputSchema } from '../../../shared/api/reorder';
import type { Db } from '../../db/client';
import { requireUser, userToday } from '../../plugins/auth-session';
import { createHabit, getHabits, patchHabit, removeHabit, reorderHabits } from './habits.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };

export const habitsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/', { schema: { response: { 200: HabitListSchema, ...errors } } }, async (request) =>
    getHabits(db, requireUser(request).id, userToday(request)),
  );

  app.post(
    '/',
    { schema: { body: CreateHabitInputSchema, response: { 201: HabitSchema, ...errors } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createHabit(db, requireUser(request).id, userToday(request), request.body)),
  );

  app.post(
    '/reorder',
    { schema: { body: SortReorderInputSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await reorderHabits(db, requireUser(request).id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        params: IdParamsSchema,
        body: UpdateHabitInputSchema,
        response: { 200: HabitSchema, ...errors },
      },
    },
    async (request) =>
      patchHabit(db, requireUser(request).id, userToday(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    { schema: { params: IdParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await removeHabit(db, requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
