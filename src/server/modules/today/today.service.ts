import type { TodayReorderInput } from '../../../shared/api/reorder';
import type { Today } from '../../../shared/api/today';
import { isGoalColor } from '../../../shared/domain/palette';
import { type Db, inTransaction } from '../../db/client';
import { notFound } from '../../errors';
import { setHabitTodaySortOrders } from '../habits/habits.repo';
import { toHabit } from '../habits/habits.service';
import { assertUniqueIds } from '../sort-order';
import { setTaskTodaySortOrders } from '../tasks/tasks.repo';
import { toTask } from '../tasks/tasks.service';
import { listTodayHabits, listTodayTasks } from './today.repo';

/**
 * The Today list in two queries: tasks joined with their goal, and habits. On PostgreSQL they run
 * side by side on two pooled connections; PGlite queues them on its one connection.
 */
export async function getToday(db: Db, userId: string, today: string): Promise<Today> {
  const [taskRows, habitRows] = await Promise.all([listTodayTasks(db, userId), listTodayHabits(db, userId)]);
  return {
    tasks: taskRows.map(({ task, goal }) => ({
      ...toTask(task, goal?.isHabitGoal ?? false, today),
      goal: goal && {
        id: goal.id,
        title: goal.title,
        color: isGoalColor(goal.color) ? goal.color : 'blue',
        isHabitGoal: goal.isHabitGoal,
      },
    })),
    habits: habitRows.map((row) => toHabit(row, today)),
  };
}

/** Rewrites Today positions of tasks and habits together; any id not the caller's undoes it all. */
export async function reorderToday(db: Db, userId: string, input: TodayReorderInput): Promise<void> {
  assertUniqueIds(input.items, (item) => `${item.type}:${item.id}`);
  const pick = (type: 'task' | 'habit') =>
    input.items
      .filter((item) => item.type === type)
      .map((item) => ({ id: item.id, order: item.todaySortOrder }));
  const taskItems = pick('task');
  const habitItems = pick('habit');
  await inTransaction(db, async (tx) => {
    if (taskItems.length > 0 && (await setTaskTodaySortOrders(tx, userId, taskItems)) !== taskItems.length) {
      throw notFound('Task');
    }
    if (
      habitItems.length > 0 &&
      (await setHabitTodaySortOrders(tx, userId, habitItems)) !== habitItems.length
    ) {
      throw notFound('Habit');
    }
  });
}
