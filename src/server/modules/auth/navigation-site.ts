import type { FastifyRequest } from 'fastify';

/*
 * Where a sign-in or sign-out navigation came from, by the Fetch Metadata browsers send with every
 * navigation (docs/decisions/002-sign-in.md): "none" when typed into the address bar or opened from a
 * bookmark, "same-origin" for a click on our own pages, "same-site" or "cross-site" from elsewhere.
 */

/**
 * A sign-in started from another site may be someone else's doing: the issuer is asked to show who is
 * signing in instead of approving silently.
 */
export function startedElsewhere(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

/**
 * A sign-out the person asked for on our own pages, or typed. A browser too old for Fetch Metadata, or
 * a script, proves it with an Origin or Referer of the app's own origin; without any proof the person
 * is asked first (docs/product.md#signed-out-pages).
 */
export function signOutIsOurs(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const { origin, referer } = request.headers;
  if (origin !== undefined) return origin === publicOrigin;
  return referer !== undefined && originOf(referer) === publicOrigin;
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
