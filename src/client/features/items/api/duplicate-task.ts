import type { CreateTaskInput, Task } from '#shared/api/tasks';
import { newId } from '../../../lib/client-id';

/**
 * A new task with everything of `task` but its completion and history (docs/product.md#cards,
 * docs/decisions/048-duplicate-a-task.md): the same title, description, goal, day, repeat, reminder,
 * priority, labels and place on Today or not, and its checklist's items each with an id of their own and
 * unticked, a copy to work through afresh (docs/decisions/049-checklists.md). It goes right under the
 * original, in its list and on Today (`after`, docs/product.md#positions), in the same one create. Its id
 * is made here, so that Undo can name the copy even when it was kept offline.
 */
export function copyOf(task: Task): CreateTaskInput & { id: string } {
  return {
    id: newId(),
    title: task.title,
    // Copies saved on the device before these fields existed have none of them.
    description: task.description ?? null,
    goalId: task.goalId,
    plannedFor: task.plannedFor,
    repeat: task.repeat,
    remindAt: task.remindAt,
    priority: task.priority ?? 0,
    labels: [...(task.labels ?? [])],
    checklist: (task.checklist ?? []).map((item) => ({ id: newId(), title: item.title, done: false })),
    isToday: task.isToday,
    after: task.id,
  };
}
