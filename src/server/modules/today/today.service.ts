import type { Today } from '#shared/api/today';
import type { JsonText } from '../../db/api-json';
import type { Db } from '../../db/client';
import { listTodayJson } from './today.repo';

/** The Today list (tasks with their goal, and habits), as the JSON the API answers. */
export function getToday(db: Db, userId: string, today: string): Promise<JsonText<Today>> {
  return listTodayJson(db, userId, today);
}

export { reorderToday } from '../positions/positions.service';
