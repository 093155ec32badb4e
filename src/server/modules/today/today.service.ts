import type { Today } from '#shared/api/today';
import { habitDueOn } from '#shared/domain/repeat-expansion';
import type { JsonText } from '../../db/api-json';
import type { Db } from '../../db/client';
import type { KeptAnswers } from './kept-answers';
import { type HabitRule, readTodayJson } from './today.repo';

/** The answer without the habits whose rule does not fall on `day` (docs/product.md#habit-schedules). */
function withoutHabitsOff(body: JsonText<Today>, rules: HabitRule[], day: string): JsonText<Today> {
  const off = new Set(
    rules.filter((rule) => !habitDueOn(rule.repeat, rule.repeatStart, day)).map((rule) => rule.id),
  );
  if (off.size === 0) return body;
  const today = JSON.parse(body) as Today;
  return JSON.stringify({ ...today, habits: today.habits.filter((habit) => !off.has(habit.id)) });
}

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
  const read = await readTodayJson(db, userId, day, known);
  if (read.version === known?.version) return known.body;
  // Which habits are due depends on their rows and the day alone, as the rest of the answer does, so
  // the answer is kept as it is sent.
  const body = withoutHabitsOff(read.body, read.habitRules ?? [], day);
  kept.keep(userId, { day, version: read.version, body });
  return body;
}

export { reorderToday } from '../positions/positions.service';
