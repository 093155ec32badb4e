import type { AccountExport, CsvList } from '#shared/api/account-data';
import { checklistItemDone, checklistLines } from '#shared/domain/checklist';
import { dayAt } from '#shared/domain/days';
import { PRIORITY_WORDS } from '#shared/domain/priority';
import { repeatWords } from '#shared/domain/repeat-words';
import { type CsvCell, csvPieces } from '../../http/csv';

/*
 * The export as one CSV file per list (docs/product.md#your-data), written from the same export the
 * JSON file is, so the two never disagree. Positions are the lists' orders; completions name their
 * item so the file reads on its own. The plan's columns come after the first version's, so a sheet
 * that reads those by position still finds them; a repeat is given as its rule and in words; the
 * reminder time (HH:MM, or empty), the description, the priority in words, the checklist and the labels
 * come last. A checklist item is ticked as it read on the day of the export, in the person's zone. Labels
 * are written as quick add reads them ("@errands @calls"); a cell starting with "@" is one a spreadsheet
 * would take for a formula, so http/csv.ts writes it behind an apostrophe like any other.
 */

/** A repeat's rule, its words and the day it counts from. */
const repeatCells = (item: { repeat: string | null; repeatStart: string | null }): CsvCell[] => [
  item.repeat,
  item.repeat === null ? null : repeatWords(item.repeat, { spoken: true }),
  item.repeatStart,
];

/** The list's file, in pieces (http/csv.ts). */
export function accountCsv(data: AccountExport, list: CsvList): Generator<string> {
  const goalTitles = new Map(data.goals.map((goal) => [goal.id, goal.title]));
  const habitGoals = new Set(data.goals.filter((goal) => goal.isHabitGoal).map((goal) => goal.id));
  const exportDay = dayAt(new Date(data.exportedAt), data.settings.timeZone, data.settings.dayStartHour);
  const checklistCell = (task: AccountExport['tasks'][number]): CsvCell => {
    if (task.checklist.length === 0) return null;
    const daily = task.goalId !== null && habitGoals.has(task.goalId);
    return checklistLines(
      task.checklist.map((item) => ({
        title: item.title,
        done: checklistItemDone(item.doneOn, daily, exportDay),
      })),
    );
  };
  switch (list) {
    case 'goals':
      return csvPieces(
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
      return csvPieces(
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
          'planned_for',
          'repeat',
          'repeat_in_words',
          'repeat_start',
          'remind_at',
          'description',
          'priority',
          'checklist',
          'labels',
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
          task.plannedFor,
          ...repeatCells(task),
          task.remindAt,
          task.description,
          PRIORITY_WORDS[task.priority]?.toLowerCase() ?? null,
          checklistCell(task),
          task.labels.length === 0 ? null : task.labels.map((label) => `@${label}`).join(' '),
        ]),
      );
    case 'habits':
      return csvPieces(
        [
          'id',
          'title',
          'on_today',
          'today_position',
          'position',
          'days_done',
          'created_at',
          'repeat',
          'repeat_in_words',
          'repeat_start',
          'times_per_week',
          'remind_at',
          'description',
        ],
        data.habits.map((habit) => [
          habit.id,
          habit.title,
          habit.isToday,
          habit.isToday ? habit.todaySortOrder : null,
          habit.sortOrder,
          habit.completedDays.length,
          habit.createdAt ?? null,
          ...repeatCells(habit),
          habit.timesPerWeek,
          habit.remindAt,
          habit.description,
        ]),
      );
    case 'completions':
      return csvPieces(['item_type', 'item_id', 'item', 'day'], completionRows(data));
  }
}

/** One row per completed day, written as they are read rather than gathered first (there may be millions). */
function* completionRows(data: AccountExport): Generator<CsvCell[]> {
  for (const habit of data.habits) {
    for (const day of habit.completedDays) yield ['habit', habit.id, habit.title, day];
  }
  for (const task of data.tasks) {
    for (const day of task.completedDays) yield ['task', task.id, task.title, day];
  }
}
