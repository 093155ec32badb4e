import type { TodoistCounts } from '#shared/domain/todoist-import';
import { countOf } from './counts-text';

/**
 * What a Todoist import will bring in, said before it does (docs/product.md#your-data): "2 projects, 14
 * tasks, 6 checklist items." and what comes otherwise than in Todoist.
 */
export function todoistSummary(counts: TodoistCounts): string {
  const sentences = [
    `${countOf(counts.projects, 'project')}, ${countOf(counts.tasks, 'task')}, ${countOf(counts.checklistItems, 'checklist item')}.`,
  ];
  const one = (count: number) => count === 1;
  if (counts.unreadableDates > 0) {
    sentences.push(
      one(counts.unreadableDates)
        ? '1 date could not be read: that task comes without a date.'
        : `${countOf(counts.unreadableDates, 'date')} could not be read: those tasks come without a date.`,
    );
  }
  if (counts.subtaskDates > 0) {
    sentences.push(
      one(counts.subtaskDates)
        ? '1 sub-task’s date is left out: a checklist item has no date.'
        : `${countOf(counts.subtaskDates, 'sub-task')}’ dates are left out: a checklist item has no date.`,
    );
  }
  if (counts.sections > 0) {
    sentences.push(
      one(counts.sections)
        ? '1 section is not kept: its tasks keep their order.'
        : `${countOf(counts.sections, 'section')} are not kept: their tasks keep their order.`,
    );
  }
  if (counts.untitled > 0) {
    sentences.push(
      one(counts.untitled)
        ? '1 task without words is left out.'
        : `${countOf(counts.untitled, 'task')} without words are left out.`,
    );
  }
  return sentences.join(' ');
}
