/**
 * Search over every goal, task and habit (docs/product.md#search). The index holds each entry's
 * folded title, description, checklist and labels, built once per change of the lists; a query then
 * folds only itself and walks the index once, so 5,000 items answer within a frame.
 */

export type SearchKind = 'goal' | 'task' | 'habit';

export type SearchEntry = {
  kind: SearchKind;
  id: string;
  title: string;
  /** Searched after every title. */
  description?: string | null;
  /** A task's checklist items' titles, searched after every description. */
  checklist?: readonly string[];
  /** A task's labels, searched after every checklist, and alone by a query starting with "@". */
  labels?: readonly string[];
};

/**
 * The checklist's items and the labels as lines, so a query (one line) is found in one item or label,
 * never across two.
 */
type IndexedEntry = {
  entry: SearchEntry;
  title: string;
  description: string;
  checklist: string;
  labels: string;
};

export type SearchIndex = { readonly entries: readonly IndexedEntry[] };

export type SearchHit = { entry: SearchEntry; rank: SearchRank };

/**
 * Lower is better: a title that starts with the query, then a word in it, then anywhere, then a
 * description, then a checklist item, then a label.
 */
export type SearchRank = 0 | 1 | 2 | 3 | 4 | 5;

/** The rank of a result found by one of its labels, the only kind an "@" query finds. */
export const LABEL_RANK = 5;

// biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range, control characters included
const ASCII = /^[\x00-\x7f]*$/;
const COMBINING_MARKS = /\p{M}/gu;
const TATWEEL = /\u0640/g;
const ALEF_MAKSURA = /\u0649/g;
const TEH_MARBUTA = /\u0629/g;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * Case- and accent-insensitive form: decomposed, combining marks dropped (Latin accents, Arabic
 * harakat and the hamza carried on alef), case folded, and the Arabic letters people type either way
 * (alef maksura and yeh, teh marbuta and heh) made one, with tatweel removed.
 */
export function foldForSearch(text: string): string {
  // Most titles are plain ASCII: lower-casing is all they need, at a fraction of the cost.
  if (ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .replace(TATWEEL, '')
    .replace(ALEF_MAKSURA, '\u064a')
    .replace(TEH_MARBUTA, '\u0647')
    .toLowerCase()
    .normalize('NFC');
}

/** Folds every entry once; `fold` is a parameter so a test can count the work. */
export function buildSearchIndex(
  entries: readonly SearchEntry[],
  fold: (text: string) => string = foldForSearch,
): SearchIndex {
  return {
    entries: entries.map((entry) => {
      return {
        entry,
        title: fold(entry.title),
        description: entry.description ? fold(entry.description) : '',
        checklist: entry.checklist?.length ? fold(checklistText(entry.checklist)) : '',
        labels: entry.labels?.length ? fold(linesOf(entry.labels)) : '',
      };
    }),
  };
}

function rankOf(indexed: IndexedEntry, query: string): SearchRank | undefined {
  const { title } = indexed;
  let at = title.indexOf(query);
  if (at === 0) return 0;
  if (at > 0) {
    // Any occurrence at a word's start counts, not only the first; found only for titles that match.
    for (; at !== -1; at = title.indexOf(query, at + 1))
      if (!WORD_CHARACTER.test(title.charAt(at - 1))) return 1;
    return 2;
  }
  if (indexed.description.includes(query)) return 3;
  if (indexed.checklist.includes(query)) return 4;
  if (indexed.labels.includes(query)) return LABEL_RANK;
  return undefined;
}

/** "@err": a task with a label that starts with "err"; "@" alone, every task with a label. */
function labelQuery(query: string): string | undefined {
  return query.startsWith('@') ? query.slice(1).trim() : undefined;
}

/** Whether one of the entry's folded labels (lines) starts with `start`. */
function hasLabelStarting(labels: string, start: string): boolean {
  return labels !== '' && `\n${labels}`.includes(`\n${start}`);
}

/**
 * The entries whose title (or description, or a checklist item, or a label) holds the query, best
 * first: rank, then the order the lists give (goals, tasks and habits as the caller put them). A query
 * starting with "@" finds only entries with a label that starts with the rest ("@err" finds
 * "@errands"). One pass into six buckets, no sort.
 */
export function searchIndex(
  index: SearchIndex,
  query: string,
  { limit = 50, fold = foldForSearch }: { limit?: number; fold?: (text: string) => string } = {},
): SearchHit[] {
  const folded = fold(query.trim());
  if (folded === '') return [];
  const label = labelQuery(folded);
  const buckets: SearchHit[][] = [[], [], [], [], [], []];
  for (const indexed of index.entries) {
    const rank =
      label === undefined
        ? rankOf(indexed, folded)
        : hasLabelStarting(indexed.labels, label)
          ? LABEL_RANK
          : undefined;
    const bucket = rank === undefined ? undefined : buckets[rank];
    if (rank !== undefined && bucket && bucket.length < limit) bucket.push({ entry: indexed.entry, rank });
  }
  return buckets.flat().slice(0, limit);
}

/** A checklist as one text of lines, an item a line: how it is folded and its matching item found. */
function checklistText(titles: readonly string[]): string {
  return linesOf(titles);
}

function linesOf(texts: readonly string[]): string {
  return texts.join('\n');
}

/**
 * The label that made a task a result, as matchingLine finds a description's line: the first that
 * starts with an "@" query's rest, or holds a plain query.
 */
export function matchingLabel(
  labels: readonly string[],
  query: string,
  fold: (text: string) => string = foldForSearch,
): string | undefined {
  const folded = fold(query.trim());
  if (folded === '') return undefined;
  const start = labelQuery(folded);
  return labels.find((label) =>
    start === undefined ? fold(label).includes(folded) : fold(label).startsWith(start),
  );
}

/**
 * The checklist item that holds `query`, as matchingLine shows a description's line: what a result
 * found by its checklist shows under its title.
 */
export function matchingChecklistItem(
  titles: readonly string[],
  query: string,
  fold: (text: string) => string = foldForSearch,
): string | undefined {
  return matchingLine(checklistText(titles), query, fold);
}

/** Characters of a line kept before its match, about four words: enough to read the match in its place. */
const LEAD = 24;

/**
 * The line of `description` that holds `query` (both folded as the search folds them), trimmed: what a
 * result found by its description shows under its title, so the person sees why it matched. A match
 * far into a long line is shown from a word shortly before it, after "…", since the result cuts the
 * line at its own width (docs/product.md#search).
 */
export function matchingLine(
  description: string,
  query: string,
  fold: (text: string) => string = foldForSearch,
): string | undefined {
  const folded = fold(query.trim());
  if (folded === '') return undefined;
  const line = description
    .split(/\r\n|\n|\r/)
    .find((candidate) => fold(candidate).includes(folded))
    ?.trim();
  if (line === undefined) return undefined;
  const start = shownFrom(line, matchEnd(line, folded, fold) - folded.length);
  return start === 0 ? line : `…${line.slice(start)}`;
}

/**
 * Where the first match ends in `line`, in its own characters: folding may change lengths (accents,
 * Arabic marks), so the shortest prefix whose folded form holds the query is searched for.
 */
function matchEnd(line: string, folded: string, fold: (text: string) => string): number {
  let low = folded.length;
  let high = line.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (fold(line.slice(0, middle)).includes(folded)) high = middle;
    else low = middle + 1;
  }
  return high;
}

/**
 * Where to start showing `line` for a match at `matchStart`: from the start when the match is near it,
 * else from the first word that begins within LEAD characters before the match (or LEAD characters
 * before it when one word runs through them, never inside a surrogate pair).
 */
function shownFrom(line: string, matchStart: number): number {
  const at = matchStart - LEAD;
  if (at <= 0) return 0;
  const boundary = line.slice(at, matchStart).search(/\s\S/u);
  if (boundary !== -1) return at + boundary + 1;
  const code = line.charCodeAt(at);
  return code >= 0xdc00 && code <= 0xdfff ? at + 1 : at;
}
