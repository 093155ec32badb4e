import { memo } from 'react';
import type { Task } from '#shared/api/tasks';
import ListTodo from '~icons/lucide/list-todo';
import ListX from '~icons/lucide/list-x';
import Plus from '~icons/lucide/plus';
import { Button } from '../../../components/ui/button';
import { IconTooltip } from '../../../components/ui/tooltip';
import { useReorderTasks } from '../api/reorder-tasks';
import { clearCompleted } from './clear-completed';
import { QuickAdd } from './quick-add';
import { SectionItems } from './section-items';
import { SectionShell } from './section-shell';
import { TaskCard } from './task-card';

export type TodosSectionProps = {
  tasks: Task[];
  /** How many of the tasks are drawn yet, while a long list is drawn in steps (all when undefined). */
  drawnItems?: number;
  onAdd: () => void;
};

/** The Todos section, green, "Standalone tasks to complete" (docs/product.md#all-items-screen). */
export const TodosSection = memo(function TodosSection({ tasks, drawnItems, onAdd }: TodosSectionProps) {
  const reorder = useReorderTasks();
  const completed = tasks.filter((task) => task.completed).map((task) => task.id);
  return (
    <SectionShell
      title="Todos"
      description="Standalone tasks to complete"
      color="green"
      icon={<ListTodo />}
      count={tasks.length}
      actions={
        <>
          {completed.length > 0 && (
            <IconTooltip label="Clear completed todos">
              <Button variant="ghost" size="icon" onClick={() => clearCompleted(null, completed)}>
                <ListX aria-hidden />
              </Button>
            </IconTooltip>
          )}
          <IconTooltip label="Add todo">
            <Button variant="ghost" size="icon" onClick={onAdd}>
              <Plus aria-hidden />
            </Button>
          </IconTooltip>
        </>
      }
    >
      <div className="px-1 pt-1.5 pb-1">
        <QuickAdd label="New todo" />
      </div>
      <SectionItems
        label="Todos"
        items={tasks}
        drawn={drawnItems}
        reorder={(orderedIds) => reorder.mutateAsync({ goalId: null, orderedIds })}
        renderItem={(task, controls) => <TaskCard task={task} goal={null} {...controls} />}
        empty={{ text: 'No todos yet', addLabel: 'Add your first todo', onAdd }}
      />
    </SectionShell>
  );
});
