import { type AccountImport, IMPORT_COMPLETED_DAYS_MAX } from '#shared/api/account-data';
import { addDays, dayAt } from '#shared/domain/days';
import { badRequest, HttpError } from '../../errors';

/*
 * What an import refuses before it reads the account (docs/product.md#your-data), and the order its new
 * items take; account-import.service.ts runs them.
 */

/** Answered before any work: a file past it is refused for its size (413), as one past 16 MiB is. */
export function refuseTooManyDays(file: AccountImport): void {
  let total = 0;
  for (const item of [...file.tasks, ...file.habits]) total += item.completedDays.length;
  if (total > IMPORT_COMPLETED_DAYS_MAX) {
    throw new HttpError(
      413,
      `This file holds ${total.toLocaleString('en-US')} completed days; an import takes at most ${IMPORT_COMPLETED_DAYS_MAX.toLocaleString('en-US')} at once. Import it in parts, each with some of the habits and tasks.`,
    );
  }
}

export function refuseRepeatedIds(kind: 'goal' | 'task' | 'habit', ids: readonly string[]): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw badRequest(`The file lists the ${kind} ${id} more than once`);
    seen.add(id);
  }
}

/*
 * The dates an import takes (docs/decisions/016-account-data.md, "Dates an import takes"): from 2000-01-01, before
 * any Stride, to a little after now. Anything outside is a broken or made-up file, and PostgreSQL
 * itself refuses a year before 1 or after 9999 (the format's offsets can push a date there), which
 * would otherwise surface as a 500.
 */
const EARLIEST_DAY = '2000-01-01';
const EARLIEST_MS = Date.parse(`${EARLIEST_DAY}T00:00:00Z`);
/** How far after now a creation time may be: the clocks of two instances can differ a little. */
const CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

export function refuseImpossibleDates(file: AccountImport, now: Date): void {
  const latestMs = now.getTime() + CLOCK_SKEW_MS;
  // The zone furthest ahead (UTC+14) is at most one day ahead of UTC.
  const latestDay = addDays(dayAt(now, 'UTC'), 1);
  const refuse = (path: string, message: string) => {
    throw badRequest(message, [{ path, message }]);
  };
  const lists = [
    ['goal', 'goals', file.goals.map((goal) => ({ ...goal, completedDays: [] as string[] }))],
    ['task', 'tasks', file.tasks],
    ['habit', 'habits', file.habits],
  ] as const;
  for (const [kind, list, items] of lists) {
    for (const [index, item] of items.entries()) {
      const at = item.createdAt === undefined ? undefined : Date.parse(item.createdAt);
      if (at !== undefined && !(at >= EARLIEST_MS && at <= latestMs)) {
        refuse(
          `${list}.${index}.createdAt`,
          `The ${kind} "${item.title}" has createdAt ${item.createdAt}: a creation time must be between ${EARLIEST_DAY} and now`,
        );
      }
      // An index, not entries(): a pair per day cost 0.1 s of the event loop for 500,000 days.
      const days = item.completedDays;
      for (let dayIndex = 0; dayIndex < days.length; dayIndex++) {
        const day = days[dayIndex] as string;
        // Days are YYYY-MM-DD (DaySchema), so text order is date order.
        if (day < EARLIEST_DAY || day > latestDay) {
          refuse(
            `${list}.${index}.completedDays.${dayIndex}`,
            `The ${kind} "${item.title}" has the completed day ${day}: a completed day must be between ${EARLIEST_DAY} and today`,
          );
        }
      }
    }
  }
}

export const byField =
  <T>(field: (item: T) => number) =>
  (a: T, b: T) =>
    field(a) - field(b);
