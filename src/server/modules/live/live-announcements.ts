import type { FastifyRequest } from 'fastify';
import type { LiveChangeKind } from '#shared/api/live';
import { TAB_HEADER, TAB_ID_PATTERN } from '#shared/api/wire-names';
import { isWriteMethod } from '../../http/write-requests';
import { type LiveMessage, MAX_IDS_PER_CHANGE } from './live-messages';

/*
 * Which successful calls announce what on the live channel (docs/decisions/017-live-sync.md): the one
 * place that knows it, by the route that answered. Writes to items announce their kind and id; the day
 * settings and an import change everything ("account"); a sign-out, a revoked session and a deleted
 * account end the streams opened with those sessions, on every instance.
 */

const KIND_BY_PREFIX: ReadonlyArray<[string, LiveChangeKind]> = [
  ['/api/goals', 'goals'],
  ['/api/tasks', 'tasks'],
  ['/api/habits', 'habits'],
  ['/api/today', 'today'],
];

/** The routes that create an item: the new id is in the answer, not in the request. */
const CREATES = new Set(['/api/goals', '/api/tasks', '/api/habits']);

/** The id of the item a create answered with, read from its JSON answer (a small object). */
export function createdIdOf(request: FastifyRequest, payload: unknown): string | undefined {
  if (request.method !== 'POST' || !CREATES.has(request.routeOptions.url ?? '')) return undefined;
  if (typeof payload !== 'string') return undefined;
  try {
    const answer: unknown = JSON.parse(payload);
    const id = typeof answer === 'object' && answer !== null && 'id' in answer ? answer.id : undefined;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

function idsOf(request: FastifyRequest, createdId: string | undefined): string[] {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const id = params.id ?? params.goalId ?? createdId;
  return typeof id === 'string' ? [id] : [];
}

function tabOf(request: FastifyRequest): string | undefined {
  const tab = request.headers[TAB_HEADER];
  return typeof tab === 'string' && TAB_ID_PATTERN.test(tab) ? tab : undefined;
}

/** What a call that answered 2xx or 3xx tells the person's other streams, if anything. */
export function announcementOf(
  request: FastifyRequest,
  session: { userId: string; id: string },
  createdId?: string,
): LiveMessage | undefined {
  const route = request.routeOptions.url ?? '';
  const { userId } = session;
  if (request.method === 'GET') {
    return route === '/api/auth/logout' ? { type: 'end', userId, sessionIds: [session.id] } : undefined;
  }
  if (!isWriteMethod(request.method)) return undefined;
  if (route === '/api/account' || route === '/api/account/') return { type: 'end', userId };
  if (route === '/api/auth/sessions') return { type: 'end', userId, exceptSessionId: session.id };
  if (route === '/api/auth/sessions/:id') {
    const { id } = request.params as { id: string };
    return { type: 'end', userId, sessionIds: [id] };
  }
  const tab = tabOf(request);
  const withTab = tab ? { tab } : {};
  if (route === '/api/account/import' || route === '/api/auth/user') {
    return { type: 'change', userId, kinds: ['account'], ids: [], ...withTab };
  }
  const kind = KIND_BY_PREFIX.find(([prefix]) => route === prefix || route.startsWith(`${prefix}/`))?.[1];
  if (!kind) return undefined;
  const ids = idsOf(request, createdId).slice(0, MAX_IDS_PER_CHANGE);
  return { type: 'change', userId, kinds: [kind], ids, ...withTab };
}
