import { describe, expect, it } from 'vitest';
import type { TodoistCounts } from '#shared/domain/todoist-import';
import { todoistSummary } from './todoist-summary';

const NONE: TodoistCounts = {
  projects: 0,
  tasks: 0,
  checklistItems: 0,
  unreadableDates: 0,
  subtaskDates: 0,
  sections: 0,
  untitled: 0,
};

describe('todoistSummary', () => {
  it.each<[Partial<TodoistCounts>, string]>([
    [{ projects: 2, tasks: 14, checklistItems: 6 }, '2 projects, 14 tasks, 6 checklist items.'],
    [{ projects: 1, tasks: 1, checklistItems: 1 }, '1 project, 1 task, 1 checklist item.'],
    [
      { projects: 1, tasks: 3, unreadableDates: 2 },
      '1 project, 3 tasks, 0 checklist items. 2 dates could not be read: those tasks come without a date.',
    ],
    [
      { projects: 1, tasks: 3, unreadableDates: 1, subtaskDates: 1, sections: 1, untitled: 1 },
      '1 project, 3 tasks, 0 checklist items. 1 date could not be read: that task comes without a date. 1 sub-task’s date is left out: a checklist item has no date. 1 section is not kept: its tasks keep their order. 1 task without words is left out.',
    ],
    [
      { projects: 1, tasks: 3, subtaskDates: 2, sections: 3, untitled: 2 },
      '1 project, 3 tasks, 0 checklist items. 2 sub-tasks’ dates are left out: a checklist item has no date. 3 sections are not kept: their tasks keep their order. 2 tasks without words are left out.',
    ],
  ])('%j reads %j', (counts, text) => {
    expect(todoistSummary({ ...NONE, ...counts })).toBe(text);
  });
});
