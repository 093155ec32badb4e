import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { HttpError, tooManyRequests } from '../../errors';
import { clientKey } from '../../plugins/rate-limits';
import { TokenBuckets } from '../../plugins/token-buckets';
import { feedTokenHash, readFeed } from './calendar.service';

export type CalendarFeedOptions = { db: Db; limits: Env['RATE_LIMITS']; clock: () => Date };

const FILE = /^([A-Za-z0-9_-]{43})\.ics$/;
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const notFound = () => new HttpError(404, 'Calendar not found');

/**
 * GET /api/calendar/{token}.ics (docs/product.md#calendar-feed): outside the API's scope, since a
 * calendar sends no cookie and may keep the answer to ask again with If-None-Match. Each address has
 * its allowance of reads, and each client address the allowance of signed-out calls
 * (docs/decisions/011-abuse-limits.md), both answered as every limit is: 429, Retry-After, a message.
 */
export const calendarFeedRoutes: FastifyPluginAsync<CalendarFeedOptions> = async (app, options) => {
  const { db, limits, clock } = options;
  const perFeed = limits ? new TokenBuckets(limits.calendarFeed) : undefined;
  const perClient = limits ? new TokenBuckets(limits.anonymous) : undefined;

  app.get<{ Params: { file: string } }>('/:file', async (request, reply) => {
    const now = clock().getTime();
    const clientWait = perClient?.take(clientKey(request.ip), now) ?? 0;
    if (clientWait > 0) {
      throw tooManyRequests(
        `Too many requests from your network. Wait ${seconds(clientWait)} seconds and try again.`,
        seconds(clientWait),
      );
    }
    const token = FILE.exec(request.params.file)?.[1];
    if (!token) throw notFound();
    const feedWait = perFeed?.take(feedTokenHash(token), now) ?? 0;
    if (feedWait > 0) {
      throw tooManyRequests(
        `This calendar address is read too often. Wait ${seconds(feedWait)} seconds and try again.`,
        seconds(feedWait),
      );
    }
    const feed = await readFeed(db, token);
    if (!feed) throw notFound();
    // The address is the secret: a shared cache must not keep it, and a calendar asks again each time.
    reply.header('cache-control', 'private, no-cache');
    reply.header('etag', feed.etag);
    const known = request.headers['if-none-match'];
    if (
      typeof known === 'string' &&
      known.split(',').some((tag) => tag.trim().replace(/^W\//, '') === feed.etag)
    ) {
      return reply.status(304).send();
    }
    reply.header('content-type', 'text/calendar; charset=utf-8');
    reply.header('content-disposition', 'inline; filename="stride.ics"');
    return reply.send(feed.body);
  });
};
