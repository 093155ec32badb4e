import ListTodo from 'lucide-react/icons/list-todo';
import Plus from 'lucide-react/icons/plus';
import type { Task } from '../../../../shared/api/tasks';
import { Button } from '../../../components/ui/button';
import { IconTooltip } from '../../../components/ui/tooltip';
import { useReorderTasks } from '../api/reorder-tasks';
import { notifyError } from '../lib/notify-error';
import { settle } from '../lib/settle';
import { SectionEmpty, SectionShell } from './section-shell';
import { SortableList } from './sortable-list';
import { TaskCard } from './task-card';

const getId = (task: Task) => task.id;
const getLabel = (task: Task) => task.title;

/** SPEC §2: the Todos section, green, "Standalone tasks to complete". */
export function TodosSection({ tasks, onAdd }: { tasks: Task[]; onAdd: () => void }) {
  const reorder = useReorderTasks();
  return (
    <SectionShell
      title="Todos"
      description="Standalone tasks to complete"
      color="green"
      icon={<ListTodo />}
      count={tasks.length}
      actions={
        <IconTooltip label="Add todo">
          <Button variant="ghost" size="icon" onClick={onAdd}>
            <Plus aria-hidden />
          </Button>
        </IconTooltip>
      }
    >
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
}
