import { api } from '#shared/api/contract';
import { callApi } from '../../../lib/api-client';

/**
 * Completed standalone todos (goalId null), or the completed tasks of one goal (docs/product.md#calls).
 * Sent when its Undo toast goes (lib/undo.ts), or as the page goes away (`keepalive`).
 */
export function deleteCompletedTasks(goalId: string | null, keepalive = false) {
  return goalId === null
    ? callApi(api.tasks.clearCompleted, {}, { keepalive })
    : callApi(api.goals.clearCompleted, { params: { goalId } }, { keepalive });
}
