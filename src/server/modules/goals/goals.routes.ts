import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchemas, IdParamsSchema } from '#shared/api/common';
import {
  CreateGoalInputSchema,
  GoalListQuerySchema,
  GoalListSchema,
  GoalParamsSchema,
  GoalSchema,
  UpdateGoalInputSchema,
} from '#shared/api/goals';
import { SortReorderInputSchema } from '#shared/api/reorder';
import type { Db } from '../../db/client';
import { sendJsonText } from '../../http/send-json-text';
import { requireUser } from '../auth/auth-session';
import { removeCompletedTasks } from '../tasks/tasks.service';
import { createGoal, getGoals, patchGoal, removeGoal, reorderGoals } from './goals.service';

export const goalsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/',
    {
      schema: {
        querystring: GoalListQuerySchema,
        response: { 200: GoalListSchema, ...ErrorResponseSchemas },
      },
    },
    async (request, reply) =>
      sendJsonText(reply, await getGoals(db, requireUser(request).id, request.query.showArchived)),
  );

  app.post(
    '/',
    {
      schema: {
        body: CreateGoalInputSchema,
        response: { 200: GoalSchema, 201: GoalSchema, ...ErrorResponseSchemas },
      },
    },
    async (request, reply) => {
      const { goal, created } = await createGoal(db, requireUser(request).id, request.body);
      return reply.status(created ? 201 : 200).send(goal);
    },
  );

  app.post(
    '/reorder',
    { schema: { body: SortReorderInputSchema, response: { 204: z.null(), ...ErrorResponseSchemas } } },
    async (request, reply) => {
      await reorderGoals(db, requireUser(request).id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        params: IdParamsSchema,
        body: UpdateGoalInputSchema,
        response: { 200: GoalSchema, ...ErrorResponseSchemas },
      },
    },
    async (request) => patchGoal(db, requireUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    { schema: { params: IdParamsSchema, response: { 204: z.null(), ...ErrorResponseSchemas } } },
    async (request, reply) => {
      await removeGoal(db, requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/:goalId/tasks/completed',
    { schema: { params: GoalParamsSchema, response: { 204: z.null(), ...ErrorResponseSchemas } } },
    async (request, reply) => {
      await removeCompletedTasks(db, requireUser(request).id, request.params.goalId);
      return reply.status(204).send(null);
    },
  );
};
