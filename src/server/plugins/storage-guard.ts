import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { StorageGuard } from '../db/storage-guard';
import { serviceUnavailable } from '../errors';
import { isWriteRequest } from '../http/write-requests';

/** Refuses writes with 503 while the embedded database's disk is nearly full (db/storage-guard.ts). */
export const storageGuardPlugin = fp<{ storage: StorageGuard }>(async function storageGuard(
  app: FastifyInstance,
  { storage },
) {
  app.addHook('onRequest', async (request) => {
    if (!isWriteRequest(request)) return;
    if (!storage.canWrite()) {
      throw serviceUnavailable(
        'Stride is out of disk space and cannot save changes right now. Your data is safe; try again once space is freed.',
        30,
      );
    }
  });
});
