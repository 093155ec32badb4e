import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '#shared/api/contract';
import { serve } from '../../http/serve';
import { requireSession } from '../auth/auth-session';
import type { LiveHub } from './live-hub';

/** How often a comment line goes down each stream: within every proxy's idle timeout (HAProxy: 30 s). */
export const HEARTBEAT_MS = 20_000;
/**
 * A stream is closed after this long, or when its session's lifetime ends if sooner; the browser
 * reconnects, and so proves its session again.
 */
export const MAX_STREAM_MS = 60 * 60_000;
/** What EventSource waits before reconnecting after a stream ends. */
const RETRY_MS = 3_000;
const LAST_EVENT_ID_MAX = 64;

/**
 * GET /api/events (docs/product.md#live-updates): a Server-Sent Events stream of the signed-in person's
 * changes. The answer is written by hand on the raw response: it never ends by itself, and must not be
 * compressed or buffered on the way.
 */
export const liveRoutes: FastifyPluginAsyncZod<{ hub: LiveHub }> = async (app, { hub }) => {
  serve(app, api.live.events, async (request, reply) => {
    const session = requireSession(request);
    const header = request.headers['last-event-id'];
    const lastEventId = typeof header === 'string' && header.length <= LAST_EVENT_ID_MAX ? header : undefined;
    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // nginx and some other proxies buffer answers unless told not to.
      'x-accel-buffering': 'no',
    });
    response.write(`retry: ${RETRY_MS}\n\n`);
    const stream = { userId: session.userId, sessionId: session.id, response };
    hub.add(stream);
    hub.catchUp(stream, lastEventId);
    // The stream ends with its session. Being used keeps a session's idle expiry about a month ahead,
    // so within the stream's hour only its lifetime can run out; every other end is announced.
    const endsInMs = Math.min(MAX_STREAM_MS, session.expiresAt.getTime() - request.now.getTime());
    const maxAge = setTimeout(() => hub.close(stream), Math.max(0, endsInMs));
    maxAge.unref();
    response.once('close', () => clearTimeout(maxAge));
    return reply;
  });
};
