import type { AccountImportResult } from '#shared/api/account-data';
import { countOf, listOf } from './counts-text';

/** What an import did, in one or two sentences (docs/product.md#your-data). */
export function importSummary({ added, alreadyThere, leftOut }: AccountImportResult): string {
  const parts = [
    added.goals ? countOf(added.goals, 'goal') : '',
    added.tasks ? countOf(added.tasks, 'task') : '',
    added.habits ? countOf(added.habits, 'habit') : '',
    added.completedDays ? countOf(added.completedDays, 'completed day') : '',
  ].filter(Boolean);
  const addedText = parts.length === 0 ? 'Nothing new to add.' : `Added ${listOf(parts)}.`;
  const kept = alreadyThere.goals + alreadyThere.tasks + alreadyThere.habits;
  const keptText =
    kept === 0
      ? ''
      : ` ${kept === 1 ? '1 item was' : `${countOf(kept, 'item')} were`} already here and left as ${kept === 1 ? 'it is' : 'they are'}.`;
  const left = leftOut.completedDays;
  const leftText =
    left === 0
      ? ''
      : ` ${left === 1 ? '1 completed day was' : `${countOf(left, 'completed day')} were`} left out: after today, or of a task outside a habit goal.`;
  return `${addedText}${keptText}${leftText}`;
}
