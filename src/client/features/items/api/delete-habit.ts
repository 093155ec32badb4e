import { api } from '#shared/api/contract';
import { callApi } from '../../../lib/api-client';

/** Sent when its Undo toast goes (lib/undo.ts), or as the page goes away (`keepalive`). */
export function deleteHabit(id: string, keepalive = false) {
  return callApi(api.habits.remove, { params: { id } }, { keepalive });
}
