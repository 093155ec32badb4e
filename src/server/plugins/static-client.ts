import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { APP_SHELL_PAGES, isLandingPagePath } from '#shared/api/pages';

export type StaticClientOptions = {
  root: string;
  /** Whether the request carries a session cookie (valid or not: the app decides what to show). */
  hasSessionCookie: (request: FastifyRequest) => boolean;
};

/** True when `vite build` has produced the client this server should serve. */
export function hasBuiltClient(root: string): boolean {
  return existsSync(join(root, 'index.html'));
}

/**
 * Serves the built client. Vite's hashed assets never change under a name, so they are cached for
 * a year; pages are revalidated each time so a deploy is picked up at once. The build writes a
 * brotli and a gzip copy of each file (scripts/precompress.ts), sent as they are to a browser that
 * accepts them.
 */
export const staticClientPlugin = fp<StaticClientOptions>(async function staticClient(
  app: FastifyInstance,
  { root, hasSessionCookie },
) {
  await app.register(fastifyStatic, {
    root,
    // One route per built file, found at start (a build replaces the folder and restarts the
    // server), rather than a catch-all: a catch-all would also catch unknown /api paths before the
    // API's own not-found answer (plugins/api-scope.ts).
    wildcard: false,
    // The build's brotli and gzip copies are sent through their file's own route (preCompressed), so
    // they need none: two thirds of the routes fewer, about 0.1 s of every start.
    globIgnore: ['**/*.br', '**/*.gz'],
    // Pages go through sendPage below, which chooses between the app and the landing page.
    index: false,
    preCompressed: true,
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
  // "/" is a directory to the files plugin; other client routes reach sendPage through the app's
  // not-found handler (app.ts).
  app.get('/', (request, reply) =>
    sendPage(request, reply, { root, hasSessionCookie: hasSessionCookie(request) }),
  );
});

// Which pre-rendered pages the build wrote, asked of the disk once per client folder and page rather
// than on every page load (a build replaces the whole folder and restarts the server).
const builtPages = new Map<string, boolean>();
function hasPage(root: string, file: string): boolean {
  const key = join(root, file);
  let known = builtPages.get(key);
  if (known === undefined) {
    known = existsSync(key);
    builtPages.set(key, known);
  }
  return known;
}

/** Which page a page load gets: see sendPage. */
export function pageFor(path: string, hasSessionCookie: boolean, root: string): string {
  if (!hasSessionCookie) {
    return isLandingPagePath(path) && hasPage(root, 'landing.html') ? 'landing.html' : 'index.html';
  }
  const shell = APP_SHELL_PAGES[path];
  return shell !== undefined && hasPage(root, shell) ? shell : 'index.html';
}

/**
 * A page load of a client route (docs/decisions/013-api-cost.md). A visitor with no session cookie on
 * one of the landing paths gets the pre-rendered landing page (scripts/prerender-pages.tsx), which
 * paints without the app's JavaScript; with a cookie, Today and All Items come with their screen's
 * frame pre-rendered; anyone else gets the app, which knows what to show (a stale cookie ends on the
 * same landing page, rendered by the app).
 */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { root: string; hasSessionCookie: boolean },
): FastifyReply {
  const path = request.url.split('?', 1)[0] ?? '';
  return (
    reply
      .header('cache-control', 'no-cache')
      // One URL answers with either page depending on the cookie: caches must keep them apart.
      .header('vary', 'Cookie')
      .sendFile(pageFor(path, options.hasSessionCookie, options.root))
  );
}
