import { sql } from 'drizzle-orm';
import type { Today } from '#shared/api/today';
import { goalSummary, habitFields, type JsonText, jsonList, taskFields } from '../../db/api-json';
import type { Db } from '../../db/client';
import { statement } from '../../db/statements';

/**
 * The whole Today answer in one statement, written as JSON by the database (db/api-json.ts) and served
 * by the two partial Today indexes: tasks with their goal, then habits, each in todaySortOrder.
 */
const todayStatement = statement<{ userId: string; day: string }, { body: string }>('stride_today', () => {
  const userId = sql.placeholder('userId');
  const day = sql.placeholder('day');
  const goal = goalSummary('g', 'goal_summary');
  return sql`select json_build_object(
      'tasks', ${jsonList(
        taskFields('t', day, {
          inHabitGoal: sql`coalesce(g.is_habit_goal, false)`,
          goal: goal.value,
        }),
        sql`from tasks t left join goals g on g.user_id = t.user_id and g.id = t.goal_id ${goal.join}
          where t.user_id = ${userId} and t.is_today`,
        ['todaySortOrder'],
      )},
      'habits', ${jsonList(
        habitFields('h', day),
        sql`from habits h where h.user_id = ${userId} and h.is_today`,
        ['todaySortOrder'],
      )}
    )::text as body`;
});

export async function listTodayJson(db: Db, userId: string, day: string): Promise<JsonText<Today>> {
  const [row] = await todayStatement(db, { userId, day });
  return row?.body ?? '{"tasks":[],"habits":[]}';
}
