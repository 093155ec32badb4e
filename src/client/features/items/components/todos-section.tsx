import ListTodo from 'lucide-react/icons/list-todo';
import ListX from 'lucide-react/icons/list-x';
import Plus from 'lucide-react/icons/plus';
import { memo } from 'react';
import type { Task } from '#shared/api/tasks';
import { Button } from '../../../components/ui/button';
import { IconTooltip } from '../../../components/ui/tooltip';
import { notifyError } from '../../../lib/notify-error';
import { useReorderTasks } from '../api/reorder-tasks';
import { settle } from '../lib/settle';
import { clearCompleted } from './clear-completed';
import { QuickAdd } from './quick-add';
import { SectionEmpty, SectionShell } from './section-shell';
import { SortableList } from './sortable-list';
import { TaskCard } from './task-card';

const getId = (task: Task) => task.id;
const getLabel = (task: Task) => task.title;

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
      {tasks.length === 0 ? (
        <SectionEmpty
          text="No todos yet"
          action={
            <Button variant="outline" size="sm" onClick={onAdd}>
              <Plus aria-hidden />
              Add your first todo
            </Button>
          }
        />
      ) : (
        <SortableList
          label="Todos"
          items={tasks}
          drawn={drawnItems}
          getId={getId}
          getLabel={getLabel}
          onReorder={(orderedIds) =>
            settle(
              reorder,
              { goalId: null, orderedIds },
              { onError: (error) => notifyError('Could not save the new order', error) },
            )
          }
          renderItem={(task, controls) => <TaskCard task={task} goal={null} {...controls} />}
        />
      )}
    </SectionShell>
  );
});
