import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type StaticClientOptions = { root: string };

/** True when `vite build` has produced the client this server should serve. */
export function hasBuiltClient(root: string): boolean {
  return existsSync(join(root, 'index.html'));
}

/**
 * Serves the built client. Vite's hashed assets never change under a name, so they are cached for
 * a year; index.html is revalidated each time so a deploy is picked up at once.
 */
export const staticClientPlugin = fp<StaticClientOptions>(async (app: FastifyInstance, { root }) => {
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: ['index.html'],
    // Source maps would hand out the original source; the build makes none, and none is served.
    allowedPath: (pathName) => !pathName.endsWith('.map'),
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${join(root, 'assets')}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.header('cache-control', 'no-cache');
      }
    },
  });
});
