import { memo, useMemo, useState } from 'react';
import type { Habit } from '#shared/api/habits';
import { toast } from '../../../components/ui/toast';
import { notifyError } from '../../../lib/notify-error';
import { deleteWithUndo, offerUndo } from '../../../lib/undo';
import { deleteHabit } from '../api/delete-habit';
import { updateHabit, useUpdateHabit } from '../api/update-habit';
import { GOAL_COLOR_CLASSES } from '../lib/goal-colors';
import { editItem } from '../lib/item-editor';
import type { SelectedItem } from '../lib/selection';
import { settle } from '../lib/settle';
import { HistoryDialog } from './history-dialog';
import { type CardSortProps, ItemCardFrame, joinSpoken } from './item-card-frame';
import { useReminderParts } from './reminder-parts';
import { HabitScheduleLabel, habitScheduleWords } from './task-plan';
import { addedToTodayToast, removedFromTodayToast } from './today-toasts';

export type HabitCardProps = CardSortProps & {
  habit: Habit;
  /** Show the whole description rather than its first line (Execution Mode's one item). */
  wholeDescription?: boolean;
};

const HABIT_TINT = GOAL_COLOR_CLASSES.purple.background;
const NO_LABELS: readonly string[] = [];

/**
 * The habit card (docs/product.md#cards): the task card's controls, purple tint; completion toggles
 * completedToday.
 */
export const HabitCard = memo(function HabitCard({
  habit,
  wholeDescription = false,
  ...sort
}: HabitCardProps) {
  const completion = useUpdateHabit();
  const today = useUpdateHabit();
  const [showingHistory, setShowingHistory] = useState(false);

  const done = habit.completedToday;
  const selection = useMemo<SelectedItem>(
    () => ({
      kind: 'habit',
      id: habit.id,
      title: habit.title,
      done,
      daily: true,
      isToday: habit.isToday,
      todaySortOrder: habit.todaySortOrder,
      plannedFor: null,
      priority: 0,
      goalId: null,
      sortOrder: habit.sortOrder,
      labels: NO_LABELS,
    }),
    [habit.id, habit.title, done, habit.isToday, habit.todaySortOrder, habit.sortOrder],
  );
  const schedule = habitScheduleWords(habit);
  const reminder = useReminderParts('habit', habit);
  const toggleDone = () =>
    settle(
      completion,
      { id: habit.id, changes: { completedToday: !done } },
      {
        // Ticking offers Undo; unticking is itself the undo of a tick (docs/product.md#undo).
        onSuccess: () => {
          if (!done)
            offerUndo({
              message: { title: 'Done for today', description: `“${habit.title}” is done for today.` },
              revert: () => updateHabit({ id: habit.id, changes: { completedToday: false } }),
              failure: 'Could not undo',
            });
        },
        onError: (error) => notifyError('Could not update habit', error),
      },
    );
  const toggleToday = () =>
    settle(
      today,
      { id: habit.id, changes: { isToday: !habit.isToday } },
      {
        onSuccess: () => toast(habit.isToday ? removedFromTodayToast(habit.title) : addedToTodayToast(1)),
        onError: (error) => notifyError('Could not update Today', error),
      },
    );
  const remove = () =>
    deleteWithUndo({
      ids: [habit.id],
      send: (keepalive) => deleteHabit(habit.id, keepalive),
      message: { title: 'Habit deleted', description: `"${habit.title}" has been deleted.` },
      failure: 'Could not delete habit',
    });

  return (
    <>
      <ItemCardFrame
        {...sort}
        kind="habit"
        title={habit.title}
        description={habit.description}
        wholeDescription={wholeDescription}
        done={habit.completedToday}
        strikeWhenDone={false}
        completionPending={completion.isPending}
        onToggleDone={toggleDone}
        isToday={habit.isToday}
        todayPending={today.isPending}
        onToggleToday={toggleToday}
        onEdit={() => editItem({ kind: 'habit', habit })}
        onDelete={remove}
        selection={selection}
        completionCount={habit.completionCount}
        onShowHistory={() => setShowingHistory(true)}
        tint={HABIT_TINT}
        meta={
          schedule || reminder.label ? (
            <>
              {schedule && <HabitScheduleLabel words={schedule} />}
              {reminder.label}
            </>
          ) : undefined
        }
        spoken={joinSpoken(habitScheduleWords(habit, true), reminder.spoken)}
        menuExtra={reminder.menu}
      />
      {reminder.dialog}
      <HistoryDialog
        open={showingHistory}
        onOpenChange={setShowingHistory}
        kind="habit"
        id={habit.id}
        title={habit.title}
        color="purple"
      />
    </>
  );
});
