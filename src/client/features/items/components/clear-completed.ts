import { toast } from '../../../components/ui/toast';
import { notifyError } from '../../../lib/notify-error';
import type { useDeleteCompletedTasks } from '../api/delete-completed-tasks';
import { settle } from '../lib/settle';

/** Deletes a section's completed tasks, with the toasts listed in docs/product.md#toasts. */
export function clearCompleted(
  mutation: ReturnType<typeof useDeleteCompletedTasks>,
  goalId: string | null,
  count: number,
): void {
  settle(mutation, goalId, {
    onSuccess: () =>
      toast({
        title: 'Completed tasks cleared',
        description: `${count} completed ${count === 1 ? 'task has' : 'tasks have'} been deleted.`,
      }),
    onError: (error) => notifyError('Could not clear completed tasks', error),
  });
}
