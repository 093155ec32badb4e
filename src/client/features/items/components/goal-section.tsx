import { memo, useMemo, useState } from 'react';
import type { Goal } from '#shared/api/goals';
import type { Task } from '#shared/api/tasks';
import Archive from '~icons/lucide/archive';
import ArchiveRestore from '~icons/lucide/archive-restore';
import EllipsisVertical from '~icons/lucide/ellipsis-vertical';
import ListX from '~icons/lucide/list-x';
import Pencil from '~icons/lucide/pencil';
import Plus from '~icons/lucide/plus';
import Repeat from '~icons/lucide/repeat';
import Target from '~icons/lucide/target';
import Trash from '~icons/lucide/trash';
import { Button, buttonClasses } from '../../../components/ui/button';
import {
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuOnDemand,
} from '../../../components/ui/dropdown-menu';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { IconTooltip } from '../../../components/ui/tooltip';
import { notifyError } from '../../../lib/notify-error';
import { useDeleteGoal } from '../api/delete-goal';
import { useReorderTasks } from '../api/reorder-tasks';
import { useUpdateGoal } from '../api/update-goal';
import { editItem } from '../lib/item-editor';
import { settle } from '../lib/settle';
import { clearCompleted } from './clear-completed';
import { DeleteGoalDialog } from './delete-goal-dialog';
import { QuickAdd } from './quick-add';
import { SectionItems } from './section-items';
import { SectionShell } from './section-shell';
import { TaskCard } from './task-card';

export type GoalSectionProps = {
  goal: Goal;
  tasks: Task[];
  /** How many of the tasks are drawn yet, while a long list is drawn in steps (all when undefined). */
  drawnItems?: number;
  /** Opens the item dialog fixed to this goal. */
  onAddTask: (goal: Goal) => void;
};

/**
 * A goal's section on All Items (docs/product.md#all-items-screen): its tasks in saved order, adding a
 * task inside the goal, edit and delete, and the archive button for ordinary goals only (not habit
 * goals).
 */
export const GoalSection = memo(function GoalSection({
  goal,
  tasks,
  drawnItems,
  onAddTask,
}: GoalSectionProps) {
  const reorder = useReorderTasks();
  const archive = useUpdateGoal();
  const remove = useDeleteGoal();
  // Tasks of a habit goal are never "completed" for good (they reset daily), so only normal goals clear.
  const completed = goal.isHabitGoal ? [] : tasks.filter((task) => task.completed).map((task) => task.id);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // One object while the goal is the same, so the cards (which compare their props) are not drawn again.
  const summary = useMemo(
    () => ({ id: goal.id, title: goal.title, color: goal.color, isHabitGoal: goal.isHabitGoal }),
    [goal.id, goal.title, goal.color, goal.isHabitGoal],
  );

  const toggleArchived = () =>
    settle(
      archive,
      { id: goal.id, changes: { archived: !goal.archived } },
      {
        onSuccess: () =>
          toast(
            goal.archived
              ? { title: 'Goal unarchived', description: 'The goal has been restored.' }
              : { title: 'Goal archived', description: 'The goal has been archived.' },
          ),
        onError: (error) => notifyError('Could not update goal', error),
      },
    );
  const deleteGoal = () =>
    settle(remove, goal.id, {
      onSuccess: () => {
        setConfirmingDelete(false);
        toast({ title: 'Goal deleted', description: 'The goal and its tasks have been deleted.' });
      },
      onError: (error) => notifyError('Could not delete goal', error),
    });

  return (
    <>
      <SectionShell
        title={goal.title}
        description={goal.description}
        color={goal.color}
        icon={goal.isHabitGoal ? <Repeat /> : <Target />}
        count={tasks.length}
        muted={goal.archived}
        badges={
          goal.isHabitGoal ? <Badge>Habit goal</Badge> : goal.archived ? <Badge>Archived</Badge> : undefined
        }
        actions={
          <>
            {/* Phones keep the goal's name readable: there, adding a task is in the goal's menu. */}
            <IconTooltip label={`Add task to ${goal.title}`}>
              <Button variant="ghost" size="icon" className="max-sm:hidden" onClick={() => onAddTask(goal)}>
                <Plus aria-hidden />
              </Button>
            </IconTooltip>
            {!goal.isHabitGoal && (
              <IconTooltip label={goal.archived ? 'Unarchive goal' : 'Archive goal'}>
                <Button variant="ghost" size="icon" onClick={toggleArchived} disabled={archive.isPending}>
                  {archive.isPending ? (
                    <Spinner className="size-4" />
                  ) : goal.archived ? (
                    <ArchiveRestore aria-hidden />
                  ) : (
                    <Archive aria-hidden />
                  )}
                </Button>
              </IconTooltip>
            )}
            <DropdownMenuOnDemand
              label={`Goal actions for ${goal.title}`}
              className={buttonClasses({ variant: 'ghost', size: 'icon' })}
              icon={<EllipsisVertical aria-hidden />}
            >
              {() => (
                <DropdownMenuContent>
                  <DropdownMenuItem className="sm:hidden" onSelect={() => onAddTask(goal)}>
                    <Plus aria-hidden />
                    Add task
                  </DropdownMenuItem>
                  <DropdownMenuItem onSelect={() => editItem({ kind: 'goal', goal })}>
                    <Pencil aria-hidden />
                    Edit goal
                  </DropdownMenuItem>
                  {!goal.isHabitGoal && (
                    <DropdownMenuItem
                      disabled={completed.length === 0}
                      onSelect={() => clearCompleted(goal.id, completed)}
                    >
                      <ListX aria-hidden />
                      Clear completed tasks
                    </DropdownMenuItem>
                  )}
                  <DropdownMenuItem variant="destructive" onSelect={() => setConfirmingDelete(true)}>
                    <Trash aria-hidden />
                    Delete goal
                  </DropdownMenuItem>
                </DropdownMenuContent>
              )}
            </DropdownMenuOnDemand>
          </>
        }
      >
        {!goal.archived && (
          <div className="px-1 pt-1.5 pb-1">
            <QuickAdd label={`New task in ${goal.title}`} goalId={goal.id} />
          </div>
        )}
        <SectionItems
          label={`Tasks in ${goal.title}`}
          items={tasks}
          drawn={drawnItems}
          reorder={(orderedIds) => reorder.mutateAsync({ goalId: goal.id, orderedIds })}
          renderItem={(task, controls) => <TaskCard task={task} goal={summary} {...controls} />}
          empty={{ text: 'No tasks in this goal yet', addLabel: 'Add a task', onAdd: () => onAddTask(goal) }}
        />
      </SectionShell>
      <DeleteGoalDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        goalTitle={goal.title}
        taskCount={tasks.length}
        pending={remove.isPending}
        onConfirm={deleteGoal}
      />
    </>
  );
});

function Badge({ children }: { children: string }) {
  return (
    <span className="hidden shrink-0 rounded-full border border-border px-2 py-0.5 font-medium text-[11px] text-muted-foreground sm:inline">
      {children}
    </span>
  );
}
