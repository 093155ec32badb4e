import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type GoalRow, goals, type HabitRow, habits, type TaskRow, tasks } from '../../db/schema';

export type TodayTaskRow = {
  task: TaskRow;
  goal: Pick<GoalRow, 'id' | 'title' | 'color' | 'isHabitGoal'> | null;
};

/** Today's tasks with their goal, in one query served by the partial Today index. */
export async function listTodayTasks(db: Db, userId: string): Promise<TodayTaskRow[]> {
  return db
    .select({
      task: tasks,
      goal: { id: goals.id, title: goals.title, color: goals.color, isHabitGoal: goals.isHabitGoal },
    })
    .from(tasks)
    .leftJoin(goals, and(eq(goals.userId, tasks.userId), eq(goals.id, tasks.goalId)))
    .where(and(eq(tasks.userId, userId), eq(tasks.isToday, true)))
    .orderBy(asc(tasks.todaySortOrder), asc(tasks.createdAt));
}

export async function listTodayHabits(db: Db, userId: string): Promise<HabitRow[]> {
  return db
    .select()
    .from(habits)
    .where(and(eq(habits.userId, userId), eq(habits.isToday, true)))
    .orderBy(asc(habits.todaySortOrder), asc(habits.createdAt));
}
