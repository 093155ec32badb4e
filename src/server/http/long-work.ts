import { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Keeps the request's connection open while the server works on it longer than a connection may sit
 * idle (CONNECTION_IDLE_MS in app.ts): an import at the limits can take most of a minute on a busy
 * machine with nothing sent either way, and a connection closed then would leave the person thinking
 * an import that went through had failed. The idle time returns once the answer is sent.
 */
export function holdConnectionWhileWorking(request: FastifyRequest, reply: FastifyReply): void {
  const socket = request.raw.socket;
  // A request injected in tests has no connection to hold.
  if (!(socket instanceof Socket)) return;
  const idleMs = request.server.server.timeout;
  socket.setTimeout(0);
  reply.raw.once('close', () => {
    if (!socket.destroyed) socket.setTimeout(idleMs);
  });
}
