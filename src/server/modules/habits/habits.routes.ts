import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchemas, IdParamsSchema } from '#shared/api/common';
import {
  CreateHabitInputSchema,
  HabitListSchema,
  HabitSchema,
  UpdateHabitInputSchema,
} from '#shared/api/habits';
import { SortReorderInputSchema } from '#shared/api/reorder';
import type { Db } from '../../db/client';
import { sendJsonText } from '../../http/send-json-text';
import { userToday } from '../../plugins/user-day';
import { requireUser } from '../auth/auth-session';
import { createHabit, getHabits, patchHabit, removeHabit, reorderHabits } from './habits.service';

export const habitsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/',
    { schema: { response: { 200: HabitListSchema, ...ErrorResponseSchemas } } },
    async (request, reply) =>
      sendJsonText(reply, await getHabits(db, requireUser(request).id, userToday(request))),
  );

  app.post(
    '/',
    {
      schema: {
        body: CreateHabitInputSchema,
        response: { 200: HabitSchema, 201: HabitSchema, ...ErrorResponseSchemas },
      },
    },
    async (request, reply) => {
      const { habit, created } = await createHabit(
        db,
        requireUser(request).id,
        userToday(request),
        request.body,
      );
      return reply.status(created ? 201 : 200).send(habit);
    },
  );

  app.post(
    '/reorder',
    { schema: { body: SortReorderInputSchema, response: { 204: z.null(), ...ErrorResponseSchemas } } },
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
        response: { 200: HabitSchema, ...ErrorResponseSchemas },
      },
    },
    async (request) =>
      patchHabit(db, requireUser(request).id, userToday(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    { schema: { params: IdParamsSchema, response: { 204: z.null(), ...ErrorResponseSchemas } } },
    async (request, reply) => {
      await removeHabit(db, requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
