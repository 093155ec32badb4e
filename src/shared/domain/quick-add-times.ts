import type { TimeOfDay } from './reminder-times';

/*
 * A time of day in quick add's line, read as the task's reminder (docs/product.md#words-in-quick-add,
 * docs/decisions/042-quick-add-times.md). A grammar of Stride's own rather than chrono's times: chrono
 * also reads "in 3 hours" and "now" (a moment, not a time of day) and merges a time into the day next
 * to it, and a title's "John 3:16" should not become a reminder.
 *
 *   time  = [("at" | "@") " "] hour [":" minutes] [" "] ("am" | "pm" | "a.m." | "p.m.")   "5pm", "at 9:30 am"
 *         | ("at" | "@") " " hour ":" minutes                                             "at 17:30", "@9:05"
 *         | ("at" | "@") " " ("noon" | "midnight")                                       "at noon"
 */

export type TimeRead = { start: number; end: number; time: TimeOfDay };

/** Not inside a word or a number: "5pm" in "25pm" or "x5pm" is nothing. */
const BEFORE = String.raw`(?<![\p{L}\p{N}:.@])`;
const AFTER = String.raw`(?![\p{L}\p{N}]|[:.]\d)`;
const AT = String.raw`(?:(?:at|@)\s*)`;

const TWELVE_HOUR = new RegExp(
  String.raw`${BEFORE}(${AT}?)(\d{1,2})(?::([0-5]\d))?\s?(a\.m\.|p\.m\.|am|pm)${AFTER}`,
  'giu',
);
const TWENTY_FOUR_HOUR = new RegExp(String.raw`${BEFORE}${AT}(\d{1,2}):([0-5]\d)${AFTER}`, 'giu');
const NAMED = new RegExp(`${BEFORE}${AT}(noon|midnight)${AFTER}`, 'giu');

const pad = (n: number) => String(n).padStart(2, '0');
const written = (hour: number, minutes: number): TimeOfDay => `${pad(hour)}:${pad(minutes)}`;

function* timesIn(text: string): Generator<TimeRead> {
  for (const match of text.matchAll(TWELVE_HOUR)) {
    const hour = Number(match[2]);
    if (hour < 1 || hour > 12) continue; // "13pm", "0am"
    const pm = match[4]?.toLowerCase().startsWith('p') ?? false;
    yield {
      start: match.index,
      end: match.index + match[0].length,
      time: written((hour % 12) + (pm ? 12 : 0), Number(match[3] ?? 0)),
    };
  }
  for (const match of text.matchAll(TWENTY_FOUR_HOUR)) {
    const hour = Number(match[1]);
    if (hour > 23) continue;
    yield { start: match.index, end: match.index + match[0].length, time: written(hour, Number(match[2])) };
  }
  for (const match of text.matchAll(NAMED)) {
    const noon = match[1]?.toLowerCase() === 'noon';
    yield { start: match.index, end: match.index + match[0].length, time: noon ? '12:00' : '00:00' };
  }
}

/** The first time of day in `text` that `skip` does not refuse, or null. */
export function readTime(text: string, skip: (words: string) => boolean): TimeRead | null {
  const found = [...timesIn(text)]
    .filter((read) => !skip(text.slice(read.start, read.end)))
    .sort((a, b) => a.start - b.start);
  return found[0] ?? null;
}
