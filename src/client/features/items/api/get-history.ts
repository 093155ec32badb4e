import { useQuery } from '@tanstack/react-query';
import { api } from '#shared/api/contract';
import { callApi } from '../../../lib/api-client';
import { callQueryOptions } from '../../../lib/call-query';

export type HistoryItemKind = 'habit' | 'task';

const calls = (kind: HistoryItemKind) => (kind === 'habit' ? api.habits : api.tasks);

/**
 * GET /api/{habits|tasks}/:id/history: the last 371 days (the server's default range) with the
 * streaks. Keyed under the item's list, so every write's refetch of ['api'] refreshes it too.
 */
export function historyQueryOptions(kind: HistoryItemKind, id: string) {
  return callQueryOptions(calls(kind).history, { params: { id } });
}

export function useHistory(kind: HistoryItemKind, id: string, enabled: boolean) {
  return useQuery({ ...historyQueryOptions(kind, id), enabled });
}

export type SetDayDoneVariables = { kind: HistoryItemKind; id: string; day: string; done: boolean };

/** PUT (done) or DELETE (not done) /api/{habits|tasks}/:id/completions/:day. */
export function setDayDone({ kind, id, day, done }: SetDayDoneVariables) {
  const { markDayDone, markDayNotDone } = calls(kind);
  return callApi(done ? markDayDone : markDayNotDone, { params: { id, day } });
}
