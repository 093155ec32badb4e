import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorBody } from '../../shared/api/common';
import type { Env } from '../env';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type SecurityOptions = { env: Env };

/**
 * Headers, compression and the cross-site request check. SameSite=Lax already keeps the cookie off
 * cross-site POSTs; refusing a foreign Origin as well covers same-site subdomains and old browsers.
 */
export const securityPlugin = fp<SecurityOptions>(async (app: FastifyInstance, { env }) => {
  const publicOrigin = new URL(env.PUBLIC_URL).origin;

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React and Radix set inline style attributes (positions, transforms while dragging).
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Google profile pictures come from googleusercontent.com.
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: env.NODE_ENV === 'production' ? [] : null,
      },
    },
    // Sign-in redirects to accounts.google.com and back; a strict opener policy is fine, COEP is not needed.
    crossOriginEmbedderPolicy: false,
    hsts: env.NODE_ENV === 'production',
  });

  await app.register(compress, { threshold: 1024 });

  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    const crossSite = request.headers['sec-fetch-site'] === 'cross-site';
    if ((origin !== undefined && origin !== publicOrigin) || crossSite) {
      return reply.status(403).send({ message: 'Cross-site request refused' } satisfies ErrorBody);
    }
  });
});
