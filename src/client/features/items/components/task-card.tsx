import { useQueryClient } from '@tanstack/react-query';
import { memo, useMemo, useState } from 'react';
import type { Task, TaskGoalSummary } from '#shared/api/tasks';
import { resolveGoalColor } from '#shared/domain/palette';
import type { Priority } from '#shared/domain/priority';
import CopyPlus from '~icons/lucide/copy-plus';
import { DropdownMenuItem } from '../../../components/ui/dropdown-menu';
import { toast } from '../../../components/ui/toast';
import { tooltipProps } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/cn';
import { notifyError } from '../../../lib/notify-error';
import { deleteWithUndo, offerUndo } from '../../../lib/undo';
import { cardWrite } from '../api/card-write';
import { createTask } from '../api/create-task';
import { deleteTask } from '../api/delete-task';
import { copyOf } from '../api/duplicate-task';
import { updateTask, useUpdateTask } from '../api/update-task';
import { goalColorClasses } from '../lib/goal-colors';
import { editItem } from '../lib/item-editor';
import type { SelectedItem } from '../lib/selection';
import { settle } from '../lib/settle';
import { ChecklistMark, checklistSpoken } from './checklist-mark';
import { HistoryDialog } from './history-dialog';
import { type CardSortProps, ItemCardFrame, joinSpoken } from './item-card-frame';
import { LabelsMark, labelsSpoken } from './labels-mark';
import { PriorityMark, priorityRing, prioritySpoken, priorityToast } from './priority-mark';
import { useReminderParts } from './reminder-parts';
import { useTaskPlanParts } from './task-plan';
import { addedToTodayToast, removedFromTodayToast } from './today-toasts';

const NO_CHECKLIST: Task['checklist'] = [];
const NO_LABELS: Task['labels'] = [];

export type TaskCardProps = CardSortProps & {
  task: Task;
  /** The task's goal, when it has one: decides habit-goal behaviour and the tint. */
  goal?: TaskGoalSummary | null;
  /** Tint the card with the goal's colour (Today); in its goal's section the heading carries the colour. */
  tint?: boolean;
  /** Show the goal's name under the title, with the "Goal: {name}" tooltip (Today). */
  showGoal?: boolean;
  /** The day menu's name: "Plan for…", or "Move to…" on Upcoming. */
  planMenuLabel?: string;
  /**
   * The list's heading already says the day (Upcoming's days): the card leaves its day out of its
   * label and name, keeping the repeat (docs/product.md#cards).
   */
  dayInHeading?: boolean;
  /** Show the whole description rather than its first line (Execution Mode's one item). */
  wholeDescription?: boolean;
};

/**
 * The task card (docs/product.md#cards). A task in a habit goal toggles completedToday (it resets each day)
 * and is never struck through; any other task toggles completed.
 */
export const TaskCard = memo(function TaskCard({
  task,
  goal,
  tint = false,
  showGoal = false,
  planMenuLabel,
  dayInHeading = false,
  wholeDescription = false,
  ...sort
}: TaskCardProps) {
  const completion = useUpdateTask();
  const today = useUpdateTask();
  const queryClient = useQueryClient();
  const [showingHistory, setShowingHistory] = useState(false);
  const inHabitGoal = goal?.isHabitGoal ?? false;
  const done = inHabitGoal ? task.completedToday : task.completed;
  const colors = goal ? goalColorClasses(goal.color) : undefined;
  const plan = useTaskPlanParts(task, planMenuLabel, dayInHeading);
  const reminder = useReminderParts('task', task);
  const goalName = showGoal && goal ? <GoalName goal={goal} /> : null;
  // A copy saved before tasks had a priority has none.
  const priority = task.priority ?? 0;
  // Nor a checklist.
  const checklist = task.checklist ?? NO_CHECKLIST;
  // Nor labels.
  const labels = task.labels ?? NO_LABELS;
  const selection = useMemo<SelectedItem>(
    () => ({
      kind: 'task',
      id: task.id,
      title: task.title,
      done,
      daily: inHabitGoal,
      isToday: task.isToday,
      todaySortOrder: task.todaySortOrder,
      plannedFor: task.plannedFor,
      priority,
      goalId: task.goalId,
      sortOrder: task.sortOrder,
      labels,
    }),
    [
      task.id,
      task.title,
      done,
      inHabitGoal,
      task.isToday,
      task.todaySortOrder,
      task.plannedFor,
      priority,
      task.goalId,
      task.sortOrder,
      labels,
    ],
  );

  const setDone = (value: boolean) => ({
    id: task.id,
    changes: inHabitGoal ? { completedToday: value } : { completed: value },
  });
  const toggleDone = () =>
    settle(completion, setDone(!done), {
      // Ticking offers Undo; unticking is itself the undo of a tick (docs/product.md#undo).
      onSuccess: () => {
        if (!done)
          offerUndo({
            message: inHabitGoal
              ? { title: 'Done for today', description: `“${task.title}” is done for today.` }
              : { title: 'Task completed', description: `“${task.title}” is done.` },
            revert: () => updateTask(setDone(false)),
            failure: 'Could not undo',
          });
      },
      onError: (error) => notifyError('Could not update task', error),
    });
  const toggleToday = () =>
    settle(
      today,
      { id: task.id, changes: { isToday: !task.isToday } },
      {
        onSuccess: () => toast(task.isToday ? removedFromTodayToast(task.title) : addedToTodayToast(1)),
        onError: (error) => notifyError('Could not update Today', error),
      },
    );
  // The keys 1 to 4 (docs/product.md#keyboard-shortcuts); pressing the priority it has only says so.
  const setPriority = (value: Priority) => {
    if (value === priority) {
      toast(priorityToast(task.title, value));
      return;
    }
    cardWrite(queryClient, () => updateTask({ id: task.id, changes: { priority: value } })).then(
      () => toast(priorityToast(task.title, value)),
      (error: unknown) => notifyError('Could not update task', error),
    );
  };
  const duplicate = () => {
    const copy = copyOf(task);
    cardWrite(queryClient, () => createTask(copy)).then(
      () =>
        offerUndo({
          message: {
            title: 'Task duplicated',
            description: 'Right under the original.',
          },
          revert: () => deleteTask(copy.id),
          failure: 'Could not undo',
        }),
      (error: unknown) => notifyError('Could not duplicate task', error),
    );
  };
  const remove = () =>
    deleteWithUndo({
      ids: [task.id],
      send: (keepalive) => deleteTask(task.id, keepalive),
      message: { title: 'Task deleted', description: `"${task.title}" has been deleted.` },
      failure: 'Could not delete task',
    });

  return (
    <>
      <ItemCardFrame
        {...sort}
        kind="task"
        title={task.title}
        description={task.description}
        wholeDescription={wholeDescription}
        done={done}
        strikeWhenDone={!inHabitGoal}
        completionPending={completion.isPending}
        onToggleDone={toggleDone}
        isToday={task.isToday}
        todayPending={today.isPending}
        onToggleToday={toggleToday}
        onEdit={() => editItem({ kind: 'task', task })}
        onDelete={remove}
        onSetPriority={setPriority}
        selection={selection}
        completionCount={inHabitGoal ? task.completionCount : 0}
        onShowHistory={inHabitGoal ? () => setShowingHistory(true) : undefined}
        tint={tint && colors ? colors.background : undefined}
        circleTone={priorityRing(priority)}
        meta={
          goalName ||
          priority ||
          plan.label ||
          reminder.label ||
          checklist.length > 0 ||
          labels.length > 0 ? (
            <>
              {goalName}
              <PriorityMark priority={priority} />
              {plan.label}
              {reminder.label}
              <ChecklistMark checklist={checklist} />
              <LabelsMark labels={labels} />
            </>
          ) : undefined
        }
        spoken={joinSpoken(
          prioritySpoken(priority),
          plan.spoken,
          reminder.spoken,
          checklistSpoken(checklist),
          labelsSpoken(labels),
        )}
        menuExtra={
          <>
            {plan.menu}
            {reminder.menu}
            <DropdownMenuItem onSelect={duplicate}>
              <CopyPlus aria-hidden />
              Duplicate
            </DropdownMenuItem>
          </>
        }
      />
      {plan.dialog}
      {reminder.dialog}
      {inHabitGoal && goal && (
        <HistoryDialog
          open={showingHistory}
          onOpenChange={setShowingHistory}
          kind="task"
          id={task.id}
          title={task.title}
          color={resolveGoalColor(goal.color)}
        />
      )}
    </>
  );
});

function GoalName({ goal }: { goal: TaskGoalSummary }) {
  const colors = goalColorClasses(goal.color);
  return (
    <span
      className={cn('inline-flex min-w-0 max-w-full items-start gap-1 font-medium text-xs', colors.accent)}
      {...tooltipProps(`Goal: ${goal.title}`)}
    >
      {/* Centred on the first line when a long name wraps. */}
      <span className={cn('mt-1 size-2 shrink-0 rounded-full', colors.preview)} aria-hidden />
      {/* The whole name, wrapped onto more lines rather than cut (docs/product.md#cards). */}
      <span dir="auto" className="min-w-0 [overflow-wrap:anywhere]">
        {goal.title}
      </span>
    </span>
  );
}
