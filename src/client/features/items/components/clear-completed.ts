import { deleteWithUndo } from '../../../lib/undo';
import { deleteCompletedTasks } from '../api/delete-completed-tasks';

/**
 * Clears a section's completed tasks with the toast listed in docs/product.md#toasts and its Undo: the
 * rows leave at once, the delete goes when the toast does (docs/product.md#undo).
 */
export function clearCompleted(goalId: string | null, completedIds: readonly string[]): void {
  if (completedIds.length === 0) return;
  const count = completedIds.length;
  deleteWithUndo({
    ids: completedIds,
    send: (keepalive) => deleteCompletedTasks(goalId, keepalive),
    message: {
      title: 'Completed tasks cleared',
      description: `${count} completed ${count === 1 ? 'task has' : 'tasks have'} been deleted.`,
    },
    failure: 'Could not clear completed tasks',
  });
}
