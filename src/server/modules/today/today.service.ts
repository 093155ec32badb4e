import type { Today } from '../../../shared/api/today';
import { isGoalColor } from '../../../shared/domain/palette';
import type { Db } from '../../db/client';
import { toHabit } from '../habits/habits.service';
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

export { reorderToday } from '../positions/positions.service';
