import type { AccountImportResult } from '#shared/api/account-data';
import { countOf, listOf } from './counts-text';

/** What an import did, in one or two sentences (docs/product.md#your-data). */
export function importSummary({ added, alreadyThere }: AccountImportResult): string {
  const parts = [
    added.goals ? countOf(added.goals, 'goal') : '',
    added.tasks ? countOf(added.tasks, 'task') : '',
    added.habits ? countOf(added.habits, 'habit') : '',
    added.completedDays ? countOf(added.completedDays, 'completed day') : '',
  ].filter(Boolean);
  const addedText = parts.length === 0 ? 'Nothing new to add.' : `Added ${listOf(parts)}.`;
  const kept = alreadyThere.goals + alreadyThere.tasks + alreadyThere.habits;
  if (kept === 0) return addedText;
  return `${addedText} ${kept === 1 ? '1 item was' : `${countOf(kept, 'item')} were`} already here and left as ${kept === 1 ? 'it is' : 'they are'}.`;
}
