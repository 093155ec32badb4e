import type { FastifyRequest } from 'fastify';
import { allCalls, type Call } from '#shared/api/contract';
import { TAB_HEADER, TAB_ID_PATTERN } from '#shared/api/wire-names';
import { type LiveMessage, MAX_IDS_PER_CHANGE } from './live-messages';

/*
 * What a successful call announces on the live channel (docs/decisions/017-live-sync.md), as the API's
 * contract says (`announces`, src/shared/api/contract.ts), found by the route that answered. Writes to
 * items announce their kind and id; the day settings and an import change everything ("account"); a
 * sign-out, a revoked session and a deleted account end the streams opened with those sessions, on
 * every instance.
 */

const CALLS = new Map(allCalls.map((call) => [`${call.method} ${call.path}`, call]));

/** The contract's call a request was answered by ("/" under a prefix is the prefix's own path). */
function callOf(request: FastifyRequest): Call | undefined {
  const route = (request.routeOptions.url ?? '').replace(/(.)\/$/, '$1');
  return CALLS.get(`${request.method} ${route}`);
}

/** The id of the item a create answered with, read from its JSON answer (a small object). */
export function createdIdOf(request: FastifyRequest, payload: unknown): string | undefined {
  if (!callOf(request)?.creates || typeof payload !== 'string') return undefined;
  try {
    const answer: unknown = JSON.parse(payload);
    const id = typeof answer === 'object' && answer !== null && 'id' in answer ? answer.id : undefined;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The items a call changed: the one in its path or the one a create made, else the tasks a plan moved
 * (POST /api/tasks/plan). More than a message names are told as none named: anything may have changed.
 */
function idsOf(request: FastifyRequest, createdId: string | undefined): string[] {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const id = params.id ?? params.goalId ?? createdId;
  if (typeof id === 'string') return [id];
  const body = request.body as { moves?: unknown } | null | undefined;
  if (!Array.isArray(body?.moves)) return [];
  const moved = body.moves.flatMap((move: { id?: unknown }) =>
    typeof move.id === 'string' ? [move.id] : [],
  );
  return moved.length <= MAX_IDS_PER_CHANGE ? moved : [];
}

/**
 * A task created right under another (`after`, docs/product.md#positions) moved the items below it,
 * in its list and on Today (habits too), as a reorder of both would: it is told as such a reorder is,
 * naming no ids, so that every read of tasks, Today and habits is refetched.
 */
function movesOthers(request: FastifyRequest): boolean {
  const body = request.body as { after?: unknown } | null | undefined;
  return callOf(request)?.creates === true && typeof body?.after === 'string';
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
  const announces = callOf(request)?.announces;
  const { userId } = session;
  switch (announces) {
    case undefined:
    case 'nothing':
      return undefined;
    case 'end-other-sessions':
      return { type: 'end', userId, exceptSessionId: session.id };
    case 'end-session-in-path':
      return { type: 'end', userId, sessionIds: idsOf(request, undefined) };
    case 'end-every-session':
      return { type: 'end', userId };
    default: {
      const tab = tabOf(request);
      if (movesOthers(request)) {
        const kinds = announces === 'today' ? [announces] : [announces, 'today' as const];
        return { type: 'change', userId, kinds, ids: [], ...(tab ? { tab } : {}) };
      }
      const ids = announces === 'account' ? [] : idsOf(request, createdId);
      return { type: 'change', userId, kinds: [announces], ids, ...(tab ? { tab } : {}) };
    }
  }
}
