import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serviceUnavailable } from '../errors';
import { isWriteRequest } from '../http/write-requests';

/*
 * An answer to a write leaves only once the write is on disk. The embedded database groups its
 * commits (db/pglite-durability.ts): a commit returns before its fsync, and this hook holds the answer
 * until one flush has covered it, shared by every write that finished meanwhile. A refused write
 * (4xx, 5xx) changed nothing and waits for nothing.
 */
export const durableAnswersPlugin = fp<{ flushWrites: () => Promise<void> }>(async function durableAnswers(
  app: FastifyInstance,
  { flushWrites },
) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 || !isWriteRequest(request)) return payload;
    try {
      await flushWrites();
    } catch (error) {
      request.log.error({ err: error }, 'could not flush the embedded database to disk');
      throw serviceUnavailable(
        'Stride could not save this change to disk. Try again in a moment; if it keeps failing, the server needs attention.',
        5,
      );
    }
    return payload;
  });
});
