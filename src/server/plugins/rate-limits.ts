import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../env';
import { tooManyRequests } from '../errors';
import { pathOf } from '../http/request-path';
import { isWriteMethod } from '../http/write-requests';
import { TokenBuckets } from './token-buckets';

const SIGN_IN_PATHS = new Set(['/api/auth/google', '/api/auth/callback']);

export type RateLimitsOptions = { limits: Env['RATE_LIMITS'] };

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The client an address stands for: an IPv4 address itself, an IPv6 address by its /64 network (one
 * household or host gets a whole /64, so counting single IPv6 addresses would count nothing).
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('::', 2);
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Three allowances (docs/decisions/011-abuse-limits.md), each a token bucket refilled per minute:
 * sign-in starts and callbacks per client address, writes per signed-in person, and API calls without
 * a session per client address. Reads of one's own data are not limited: they cost one indexed query.
 * The buckets live in this process; with N instances behind a balancer the allowance is up to N times
 * larger, which is still far below what hurts.
 */
export const rateLimitsPlugin = fp<RateLimitsOptions>(async function rateLimits(
  app: FastifyInstance,
  { limits },
) {
  if (!limits) return;
  const signIn = new TokenBuckets(limits.signIn);
  const writes = new TokenBuckets(limits.writes);
  const anonymous = new TokenBuckets(limits.anonymous);

  const check = (request: FastifyRequest): void => {
    const path = pathOf(request);
    const now = request.now.getTime();
    if (SIGN_IN_PATHS.has(path)) {
      const wait = signIn.take(clientKey(request.ip), now);
      if (wait > 0) {
        throw tooManyRequests(
          `Too many sign-in attempts from your network. Wait ${seconds(wait)} seconds and try again.`,
          seconds(wait),
        );
      }
      return;
    }
    if (request.user) {
      if (!isWriteMethod(request.method)) return;
      const wait = writes.take(request.user.id, now);
      if (wait > 0) {
        throw tooManyRequests(
          `You are making changes faster than Stride can take them. Slow down and try again in ${seconds(wait)} seconds.`,
          seconds(wait),
        );
      }
      return;
    }
    const wait = anonymous.take(clientKey(request.ip), now);
    if (wait > 0) {
      throw tooManyRequests(
        `Too many requests from your network. Wait ${seconds(wait)} seconds and try again.`,
        seconds(wait),
      );
    }
  };

  app.addHook('onRequest', async (request) => check(request));
});
