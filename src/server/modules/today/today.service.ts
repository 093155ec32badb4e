import type { Today } from '#shared/api/today';
import type { JsonText } from '../../db/api-json';
import type { Db } from '../../db/client';
import type { KeptAnswers } from './kept-answers';
import { readTodayJson } from './today.repo';

/**
 * The Today list (tasks with their goal, and habits), as the JSON the API answers. The answer kept for
 * this person and day is sent again while the rows it was built from are unchanged; otherwise the
 * list is built and kept (docs/decisions/013-api-cost.md, "Today's answer is kept"). `fresh` builds it
 * whatever is kept.
 */
export async function getToday(
  db: Db,
  kept: KeptAnswers,
  userId: string,
  day: string,
  fresh = false,
): Promise<JsonText<Today>> {
  const known = fresh ? undefined : kept.find(userId, day);
  const { version, body } = await readTodayJson(db, userId, day, known);
  if (version !== known?.version) kept.keep(userId, { day, version, body });
  return body;
}

export { reorderToday } from '../positions/positions.service';
