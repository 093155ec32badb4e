import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { allCalls, api, pathParams } from '#shared/api/contract';
import { isSchemaName, schemaNamed } from '#shared/api/named-schemas';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The API's contract (src/shared/api/contract.ts) and the server's routes are the same list: every
 * route the app registers under /api is a call of the contract, and every call is a route. Fastify
 * tells of each route as it is added (an onRoute hook, put on every app this file builds).
 */

const registered = vi.hoisted(() => [] as Array<{ method: string; url: string }>);
vi.mock('fastify', async (importOriginal) => {
  const fastify = await importOriginal<typeof import('fastify')>();
  const withRouteLog = ((options: Parameters<typeof fastify.default>[0]) => {
    const app = fastify.default(options);
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    });
    return app;
  }) as typeof fastify.default;
  return { ...fastify, default: withRouteLog };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const key = (method: string, path: string) => `${method} ${path.replace(/(.)\/$/, '$1')}`;

describe('the API contract', () => {
  it('lists every route under /api, and every call in it is a route', () => {
    const routes = new Set(
      registered
        // HEAD answers every GET by itself (Fastify's exposeHeadRoutes).
        .filter(({ method, url }) => method !== 'HEAD' && url.startsWith('/api'))
        .map(({ method, url }) => key(method, url)),
    );
    const calls = new Set(allCalls.map((call) => key(call.method, call.path)));
    expect(routes.size).toBeGreaterThan(30);
    expect([...routes].filter((route) => !calls.has(route)).sort(), 'routes not in the contract').toEqual([]);
    expect([...calls].filter((call) => !routes.has(call)).sort(), 'calls with no route').toEqual([]);
    expect(calls.size, 'a call listed twice').toBe(allCalls.length);
  });

  it.each(allCalls.map((call) => [key(call.method, call.path), call] as const))(
    '%s: its parameters are those of its path, and every schema it names is one',
    (_name, call) => {
      const named = [call.params, call.query, call.body, call.output].filter((name) => name != null);
      const notJson = ['redirect', 'text/csv', 'text/calendar', 'text/event-stream'];
      for (const name of named) expect(isSchemaName(name) || notJson.includes(name), name).toBe(true);
      // A file's route may read its name itself (the calendar feed: any other address is a 404).
      if (!call.params && call.output === 'text/calendar') return;
      const paramsSchema = call.params ? schemaNamed(call.params) : undefined;
      const declared = paramsSchema instanceof z.ZodObject ? Object.keys(paramsSchema.shape).sort() : [];
      expect(declared).toEqual(pathParams(call.path).sort());
    },
  );

  it('has every write announce what it changed, and no read announce anything but a sign-out', () => {
    for (const call of allCalls) {
      if (call.method !== 'GET') expect(call.announces, key(call.method, call.path)).toBeDefined();
      else if (call !== api.auth.signOut) expect(call.announces, key(call.method, call.path)).toBeUndefined();
    }
  });
});
