import { apiRequest } from '../../../lib/api-client';

/**
 * Completed standalone todos (goalId null), or the completed tasks of one goal (docs/product.md#calls).
 * Sent when its Undo toast goes (lib/undo.ts), or as the page goes away (`keepalive`).
 */
export function deleteCompletedTasks(goalId: string | null, keepalive = false) {
  const path = goalId === null ? '/api/tasks/completed' : `/api/goals/${goalId}/tasks/completed`;
  return apiRequest('DELETE', path, { keepalive });
}
