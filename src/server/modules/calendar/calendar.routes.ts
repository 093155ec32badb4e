import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '#shared/api/contract';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { serve } from '../../http/serve';
import { requireUser } from '../auth/auth-session';
import { newFeedAddress, revokeFeed } from './calendar.service';

/** The signed-in person's feed address: made anew (the old one stops working) or revoked. */
export const calendarRoutes: FastifyPluginAsyncZod<{ db: Db; env: Env }> = async (app, { db, env }) => {
  serve(app, api.calendar.newFeed, async (request, reply) =>
    reply.status(201).send(await newFeedAddress(db, requireUser(request).id, env.PUBLIC_URL)),
  );

  serve(app, api.calendar.revokeFeed, async (request, reply) => {
    await revokeFeed(db, requireUser(request).id);
    return reply.status(204).send(null);
  });
};
