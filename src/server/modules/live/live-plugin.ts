import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HEARTBEAT_MS, liveRoutes } from './live.routes';
import { announcementOf, createdIdOf } from './live-announcements';
import type { LiveChannel } from './live-channel';
import type { LiveHub } from './live-hub';

/**
 * Live updates (docs/decisions/017-live-sync.md): the stream route, the announcements of successful
 * calls on the channel, and the heartbeat. Streams close before the server does, or close() would wait
 * an hour for them.
 */
export const livePlugin = fp<{ channel: LiveChannel; hub: LiveHub }>(async function live(
  app: FastifyInstance,
  { channel, hub },
) {
  await channel.subscribe({
    onMessage: (message) => hub.deliver(message),
    onGap: () => hub.resyncAll(),
  });

  // A create's new id is only in its answer.
  const createdIds = new WeakMap<object, string>();
  app.addHook('onSend', async (request, _reply, payload) => {
    const id = createdIdOf(request, payload);
    if (id) createdIds.set(request, id);
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 400 || !request.user || !request.sessionId) return;
    const session = { userId: request.user.id, id: request.sessionId };
    const message = announcementOf(request, session, createdIds.get(request));
    if (!message) return;
    try {
      await channel.publish(message);
    } catch (error) {
      // The write itself is done and answered; other devices catch up at their next refetch.
      request.log.warn({ errorClasses: [(error as Error).name] }, 'live update not announced');
    }
  });

  const heartbeat = setInterval(() => hub.heartbeat(), HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    hub.closeAll();
  });

  await app.register(liveRoutes, { hub });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's live-update streams (modules/live/live-hub.ts). */
    liveHub: LiveHub;
  }
}
