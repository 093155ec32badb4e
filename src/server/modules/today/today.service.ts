import type { Today } from '../../../shared/api/today';
import { resolveGoalColor } from '../../../shared/domain/palette';
import type { Db } from '../../db/client';
import { toHabit } from '../habits/habits.service';
import { toTask } from '../tasks/tasks.service';
import { listToday } from './today.repo';

/** The Today list (tasks with their goal, and habits), read in one statement. */
export async function getToday(db: Db, userId: string, today: string): Promise<Today> {
  const { tasks: taskRows, habits: habitRows } = await listToday(db, userId);
  return {
    tasks: taskRows.map(({ task, goal }) => ({
      ...toTask(task, goal?.isHabitGoal ?? false, today),
      goal: goal && {
        id: goal.id,
        title: goal.title,
        color: resolveGoalColor(goal.color),
        isHabitGoal: goal.isHabitGoal,
      },
    })),
    habits: habitRows.map((row) => toHabit(row, today)),
  };
}

export { reorderToday } from '../positions/positions.service';
