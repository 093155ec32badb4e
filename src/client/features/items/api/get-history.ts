import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemHistory } from '#shared/api/history';
import { apiRequest } from '../../../lib/api-client';

export type HistoryItemKind = 'habit' | 'task';

const collection = (kind: HistoryItemKind) => (kind === 'habit' ? 'habits' : 'tasks');

/**
 * GET /api/{habits|tasks}/:id/history: the last 371 days (the server's default range) with the
 * streaks. Keyed under the item's list, so every write's refetch of ['api'] refreshes it too.
 */
export function historyQueryOptions(kind: HistoryItemKind, id: string) {
  return queryOptions({
    queryKey: ['api', collection(kind), id, 'history'],
    queryFn: () => apiRequest<ItemHistory>('GET', `/api/${collection(kind)}/${id}/history`),
  });
}

export function useHistory(kind: HistoryItemKind, id: string, enabled: boolean) {
  return useQuery({ ...historyQueryOptions(kind, id), enabled });
}

export type SetDayDoneVariables = { kind: HistoryItemKind; id: string; day: string; done: boolean };

/** PUT (done) or DELETE (not done) /api/{habits|tasks}/:id/completions/:day. */
export function setDayDone({ kind, id, day, done }: SetDayDoneVariables) {
  return apiRequest(done ? 'PUT' : 'DELETE', `/api/${collection(kind)}/${id}/completions/${day}`);
}
