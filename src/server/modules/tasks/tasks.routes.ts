import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchemas, IdParamsSchema } from '#shared/api/common';
import { TaskReorderInputSchema } from '#shared/api/reorder';
import {
  CreateTaskInputSchema,
  TaskListQuerySchema,
  TaskListSchema,
  TaskSchema,
  UpdateTaskInputSchema,
} from '#shared/api/tasks';
import type { Db } from '../../db/client';
import { sendJsonText } from '../../http/send-json-text';
import { userToday } from '../../plugins/user-day';
import { requireUser } from '../auth/auth-session';
import {
  createTask,
  getTasks,
  patchTask,
  removeCompletedTasks,
  removeTask,
  reorderTasks,
} from './tasks.service';

export const tasksRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/',
    {
      schema: {
        querystring: TaskListQuerySchema,
        response: { 200: TaskListSchema, ...ErrorResponseSchemas },
      },
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await getTasks(db, requireUser(request).id, userToday(request), request.query.goalId),
      ),
  );

  app.post(
    '/',
    {
      schema: {
        body: CreateTaskInputSchema,
        response: { 200: TaskSchema, 201: TaskSchema, ...ErrorResponseSchemas },
      },
    },
    async (request, reply) => {
      const { task, created } = await createTask(
        db,
        requireUser(request).id,
        userToday(request),
        request.body,
      );
      return reply.status(created ? 201 : 200).send(task);
    },
  );

  app.post(
    '/reorder',
    { schema: { body: TaskReorderInputSchema, response: { 204: z.null(), ...ErrorResponseSchemas } } },
    async (request, reply) => {
      await reorderTasks(db, requireUser(request).id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/completed',
    { schema: { response: { 204: z.null(), ...ErrorResponseSchemas } } },
    async (request, reply) => {
      await removeCompletedTasks(db, requireUser(request).id, null);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        params: IdParamsSchema,
        body: UpdateTaskInputSchema,
        response: { 200: TaskSchema, ...ErrorResponseSchemas },
      },
    },
    async (request) =>
      patchTask(db, requireUser(request).id, userToday(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    { schema: { params: IdParamsSchema, response: { 204: z.null(), ...ErrorResponseSchemas } } },
    async (request, reply) => {
      await removeTask(db, requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
