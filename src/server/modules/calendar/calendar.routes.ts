import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CalendarFeedSchema } from '#shared/api/calendar';
import { ErrorResponseSchemas } from '#shared/api/common';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { requireUser } from '../auth/auth-session';
import { newFeedAddress, revokeFeed } from './calendar.service';

/** The signed-in person's feed address: made anew (the old one stops working) or revoked. */
export const calendarRoutes: FastifyPluginAsyncZod<{ db: Db; env: Env }> = async (app, { db, env }) => {
  app.post(
    '/',
    { schema: { response: { 201: CalendarFeedSchema, ...ErrorResponseSchemas } } },
    async (request, reply) =>
      reply.status(201).send(await newFeedAddress(db, requireUser(request).id, env.PUBLIC_URL)),
  );

  app.delete(
    '/',
    { schema: { response: { 204: z.null(), ...ErrorResponseSchemas } } },
    async (request, reply) => {
      await revokeFeed(db, requireUser(request).id);
      return reply.status(204).send(null);
    },
  );
};
