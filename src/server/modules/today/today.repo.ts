import { sql } from 'drizzle-orm';
import { type Db, executeRows } from '../../db/client';
import type { GoalRow, HabitRow, TaskRow } from '../../db/schema';

type TaskFields = Pick<
  TaskRow,
  | 'id'
  | 'title'
  | 'goalId'
  | 'completed'
  | 'isToday'
  | 'todaySortOrder'
  | 'sortOrder'
  | 'completionCount'
  | 'lastCompletedDay'
  | 'createdAt'
>;
type HabitFields = Pick<
  HabitRow,
  | 'id'
  | 'title'
  | 'isToday'
  | 'todaySortOrder'
  | 'sortOrder'
  | 'completionCount'
  | 'lastCompletedDay'
  | 'createdAt'
>;

export type TodayTaskRow = {
  task: TaskFields;
  goal: Pick<GoalRow, 'id' | 'title' | 'color' | 'isHabitGoal'> | null;
};

export type TodayRows = { tasks: TodayTaskRow[]; habits: HabitFields[] };

type Json<T> = Omit<T, 'createdAt'> & { createdAt: string };

/**
 * The whole Today list in one statement, served by the two partial Today indexes: each list comes
 * back as one JSON array in todaySortOrder, so the driver parses two values instead of thirty rows
 * of a dozen columns (docs/decisions/013-api-cost.md measured it).
 */
export async function listToday(db: Db, userId: string): Promise<TodayRows> {
  const [row] = await executeRows<{
    tasks: Array<{ task: Json<TaskFields>; goal: TodayTaskRow['goal'] }>;
    habits: Array<Json<HabitFields>>;
  }>(
    db,
    sql`select
      (select coalesce(json_agg(json_build_object(
          'task', json_build_object(
            'id', t.id, 'title', t.title, 'goalId', t.goal_id, 'completed', t.completed,
            'isToday', t.is_today, 'todaySortOrder', t.today_sort_order, 'sortOrder', t.sort_order,
            'completionCount', t.completion_count, 'lastCompletedDay', t.last_completed_day,
            'createdAt', t.created_at),
          'goal', case when g.id is null then null else json_build_object(
            'id', g.id, 'title', g.title, 'color', g.color, 'isHabitGoal', g.is_habit_goal) end
        ) order by t.today_sort_order, t.created_at), '[]'::json)
        from tasks t left join goals g on g.user_id = t.user_id and g.id = t.goal_id
        where t.user_id = ${userId} and t.is_today) as tasks,
      (select coalesce(json_agg(json_build_object(
          'id', h.id, 'title', h.title, 'isToday', h.is_today, 'todaySortOrder', h.today_sort_order,
          'sortOrder', h.sort_order, 'completionCount', h.completion_count,
          'lastCompletedDay', h.last_completed_day, 'createdAt', h.created_at
        ) order by h.today_sort_order, h.created_at), '[]'::json)
        from habits h
        where h.user_id = ${userId} and h.is_today) as habits`,
  );
  return {
    tasks: (row?.tasks ?? []).map(({ task, goal }) => ({
      task: { ...task, createdAt: new Date(task.createdAt) },
      goal,
    })),
    habits: (row?.habits ?? []).map((habit) => ({ ...habit, createdAt: new Date(habit.createdAt) })),
  };
}
