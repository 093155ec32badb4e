import { PRIORITY_OF_TODOIST, type Priority } from './priority';

/*
 * A priority in quick add's line, Todoist's words (docs/product.md#words-in-quick-add,
 * docs/decisions/046-task-priority.md): "p1" high, "p2" medium, "p3" low, "p4" none, in any case, as a
 * word of its own ("mp3", "p10" and "p1x" are titles).
 */

export type PriorityRead = { start: number; end: number; priority: Priority };

const PRIORITY_WORD = /(?<![\p{L}\p{N}_#@/-])p([1-4])(?![\p{L}\p{N}_])/giu;

/** The first priority in `text` that `skip` does not refuse, or null. */
export function readPriority(text: string, skip: (words: string) => boolean): PriorityRead | null {
  for (const match of text.matchAll(PRIORITY_WORD)) {
    const words = match[0];
    const priority = PRIORITY_OF_TODOIST[match[1] ?? ''];
    if (priority === undefined || skip(words)) continue;
    return { start: match.index, end: match.index + words.length, priority };
  }
  return null;
}
