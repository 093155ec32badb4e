import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorBody } from '#shared/api/common';
import type { Env } from '../env';
import { isApiPath, pathOf } from '../http/request-path';
import { securityHeaders } from '../http/security-headers';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type SecurityOptions = { env: Env };

/**
 * Headers (http/security-headers.ts), compression and the cross-site request check. SameSite=Lax
 * already keeps the cookie off cross-site POSTs; refusing a foreign Origin as well covers same-site
 * subdomains and old browsers.
 */
export const securityPlugin = fp<SecurityOptions>(async function security(app: FastifyInstance, { env }) {
  const publicOrigin = new URL(env.PUBLIC_URL).origin;
  const publicHost = new URL(env.PUBLIC_URL).host;

  const headers = securityHeaders(env.NODE_ENV === 'production');
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });

  await app.register(compress, { threshold: 1024 });

  app.addHook('onRequest', async (request, reply) => {
    const path = pathOf(request);
    if (request.method === 'GET' || request.method === 'HEAD') {
      // Sign-in cookies belong to one host name: a page or a sign-in opened on another name of this
      // server (127.0.0.1, a LAN address) moves to PUBLIC_URL first, where they will work.
      if ((!isApiPath(path) || path === '/api/auth/google') && request.host !== publicHost) {
        return reply.header('cache-control', 'no-store').redirect(`${publicOrigin}${request.url}`);
      }
      return;
    }
    if (!STATE_CHANGING.has(request.method)) return;
    // A write must show it comes from the app's own pages: browsers send Origin on every fetch that
    // writes, and Sec-Fetch-Site where an older one leaves Origin out. Neither means "not a browser on
    // our page" (curl, a script): it must send Origin like the README's examples do.
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    const sameOrigin = origin !== undefined ? origin === publicOrigin : site === 'same-origin';
    if (!sameOrigin || site === 'cross-site') {
      const message =
        origin === undefined && site === undefined
          ? `Writes must come from the Stride app: send an Origin header of ${publicOrigin}`
          : 'Cross-site request refused';
      return reply.status(403).send({ message } satisfies ErrorBody);
    }
  });
});
