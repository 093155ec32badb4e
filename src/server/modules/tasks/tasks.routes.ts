import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, IdParamsSchema } from '../../../shared/api/common';
import { TaskReorderInputSchema } from '../../../shared/api/reorder';
import {
  CreateTaskInputSchema,
  TaskListQuerySchema,
  TaskListSchema,
  TaskSchema,
  UpdateTaskInputSchema,
} from '../../../shared/api/tasks';
import type { Db } from '../../db/client';
import { requireUser, userToday } from '../../plugins/auth-session';
import {
  createTask,
  getTasks,
  patchTask,
  removeCompletedTasks,
  removeTask,
  reorderTasks,
} from './tasks.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };

export const tasksRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/',
    { schema: { querystring: TaskListQuerySchema, response: { 200: TaskListSchema, ...errors } } },
    async (request) => getTasks(db, requireUser(request).id, userToday(request), request.query.goalId),
  );

  app.post(
    '/',
    { schema: { body: CreateTaskInputSchema, response: { 201: TaskSchema, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await createTask(db, requireUser(request).id, userToday(request), request.body)),
  );

  app.post(
    '/reorder',
    { schema: { body: TaskReorderInputSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await reorderTasks(db, requireUser(request).id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete('/completed', { schema: { response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    await removeCompletedTasks(db, requireUser(request).id, null);
    return reply.status(204).send(null);
  });

  app.patch(
    '/:id',
    {
      schema: {
        params: IdParamsSchema,
        body: UpdateTaskInputSchema,
        response: { 200: TaskSchema, ...errors },
      },
    },
    async (request) =>
      patchTask(db, requireUser(request).id, userToday(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    { schema: { params: IdParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await removeTask(db, requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
