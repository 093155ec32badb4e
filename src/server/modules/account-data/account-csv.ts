import type { AccountExport, CsvList } from '#shared/api/account-data';
import { type CsvCell, toCsv } from '../../http/csv';

/*
 * The export as one CSV file per list (docs/product.md#your-data), written from the same export the
 * JSON file is, so the two never disagree. Positions are the lists' orders; completions name their
 * item so the file reads on its own.
 */

export function accountCsv(data: AccountExport, list: CsvList): string {
  const goalTitles = new Map(data.goals.map((goal) => [goal.id, goal.title]));
  switch (list) {
    case 'goals':
      return toCsv(
        ['id', 'title', 'description', 'color', 'habit_goal', 'archived', 'position', 'created_at'],
        data.goals.map((goal) => [
          goal.id,
          goal.title,
          goal.description,
          goal.color,
          goal.isHabitGoal,
          goal.archived,
          goal.sortOrder,
          goal.createdAt ?? null,
        ]),
      );
    case 'tasks':
      return toCsv(
        [
          'id',
          'title',
          'goal_id',
          'goal',
          'completed',
          'on_today',
          'today_position',
          'position',
          'created_at',
        ],
        data.tasks.map((task) => [
          task.id,
          task.title,
          task.goalId,
          task.goalId === null ? null : (goalTitles.get(task.goalId) ?? null),
          task.completed,
          task.isToday,
          task.isToday ? task.todaySortOrder : null,
          task.sortOrder,
          task.createdAt ?? null,
        ]),
      );
    case 'habits':
      return toCsv(
        ['id', 'title', 'on_today', 'today_position', 'position', 'days_done', 'created_at'],
        data.habits.map((habit) => [
          habit.id,
          habit.title,
          habit.isToday,
          habit.isToday ? habit.todaySortOrder : null,
          habit.sortOrder,
          habit.completedDays.length,
          habit.createdAt ?? null,
        ]),
      );
    case 'completions': {
      const rows: CsvCell[][] = [];
      for (const habit of data.habits) {
        for (const day of habit.completedDays) rows.push(['habit', habit.id, habit.title, day]);
      }
      for (const task of data.tasks) {
        for (const day of task.completedDays) rows.push(['task', task.id, task.title, day]);
      }
      return toCsv(['item_type', 'item_id', 'item', 'day'], rows);
    }
  }
}
