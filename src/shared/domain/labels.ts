/**
 * A task's labels (docs/product.md#labels, docs/decisions/051-labels.md): words such as "errands" or
 * "calls" that cut across goals, as Todoist's labels and Things' tags do. A label is one word, so quick
 * add reads "@errands" whole and a person types it the same way everywhere.
 */

/** Labels one task may carry: more than anyone tags one task with, few enough for a card's line. */
export const LABELS_MAX = 10;
/** Characters in one label. */
export const LABEL_MAX_LENGTH = 30;

/** A letter first (so "@9:05" stays a time), then letters, marks, digits, "-" or "_". */
const LABEL = /^\p{L}[\p{L}\p{M}\p{N}_-]*$/u;

/** "" or "@" alone: refused apart, so the message says what is wrong instead of asking for a word. */
export const LABEL_EMPTY_MESSAGE = 'A label cannot be empty';
export const LABEL_WORD_MESSAGE =
  'A label is one word of letters, digits, - or _, starting with a letter (no spaces)';
export const LABEL_LENGTH_MESSAGE = `A label is at most ${LABEL_MAX_LENGTH} characters`;
export const LABELS_COUNT_MESSAGE = `A task holds at most ${LABELS_MAX} labels`;

/** The label as given, without a leading "@" and the spaces around it, in Unicode's composed form. */
export function labelText(given: string): string {
  return given.trim().replace(/^@/, '').normalize('NFC');
}

export function isLabel(label: string): boolean {
  return LABEL.test(label) && label.length <= LABEL_MAX_LENGTH;
}

/**
 * Why `label` (as given, "@" and spaces dropped: labelText) is not a label, in the API's words, the
 * length before the word; undefined when it is one. The API's schema and the fields that check
 * before sending all ask here.
 */
export function labelFault(label: string): string | undefined {
  if (label === '') return LABEL_EMPTY_MESSAGE;
  if (label.length > LABEL_MAX_LENGTH) return LABEL_LENGTH_MESSAGE;
  return isLabel(label) ? undefined : LABEL_WORD_MESSAGE;
}

/** Labels are the same label in any case: "Errands" and "errands" are one. */
export function labelKey(label: string): string {
  return label.toLowerCase();
}

/** The labels in their order, each once (the first spelling kept), without blanks. */
export function uniqueLabels(labels: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const given of labels) {
    const label = labelText(given);
    const key = labelKey(label);
    if (label === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(label);
  }
  return kept;
}

/** The item dialog's one line of labels: words separated by spaces or commas, "@" allowed before each. */
export function labelsFromText(text: string): string[] {
  return uniqueLabels(text.split(/[\s,]+/u));
}

/** The labels as the dialog's line shows them. */
export function labelsToText(labels: readonly string[]): string {
  return labels.join(' ');
}

/** Whether a task's labels hold `label` in any case. */
export function carriesLabel(labels: readonly string[], label: string): boolean {
  const key = labelKey(label);
  return labels.some((carried) => labelKey(carried) === key);
}

/**
 * A task's labels with `from` (in any case) renamed `to` in its place, and `to` spelled as given where
 * the task already carried it: a rename onto an existing label makes one label of the two, spelled as
 * the person just typed it. A task carrying both keeps it once, where it came first.
 */
export function labelsRenamed(labels: readonly string[], from: string, to: string): string[] {
  const keys = new Set([labelKey(from), labelKey(to)]);
  return uniqueLabels(labels.map((label) => (keys.has(labelKey(label)) ? to : label)));
}

/** A task's labels without `label` in any case. */
export function labelsWithout(labels: readonly string[], label: string): string[] {
  const key = labelKey(label);
  return labels.filter((carried) => labelKey(carried) !== key);
}

/**
 * Names in Unicode's order for no language in particular, so "Ärger" comes among the a's; names it calls
 * equal go in code point order, so every device lists them alike.
 */
const byName = new Intl.Collator('und');
const compareNames = (a: string, b: string) => byName.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

/**
 * The person's labels from their tasks' lists, oldest task first: each label once in any case, spelled
 * as most of its tasks spell it (the oldest task's spelling on a tie), with how many tasks carry it, by
 * name in any case.
 */
export function labelUses(tasks: Iterable<readonly string[]>): Array<{ label: string; tasks: number }> {
  const uses = new Map<string, { tasks: number; spellings: Map<string, number> }>();
  for (const labels of tasks) {
    // A task counts once for each label, as uniqueLabels keeps it.
    for (const label of uniqueLabels(labels)) {
      const key = labelKey(label);
      const use = uses.get(key) ?? { tasks: 0, spellings: new Map<string, number>() };
      use.tasks += 1;
      // A Map keeps the order spellings first came in, so the oldest task's wins a tie below.
      use.spellings.set(label, (use.spellings.get(label) ?? 0) + 1);
      uses.set(key, use);
    }
  }
  return [...uses.entries()]
    .sort(([a], [b]) => compareNames(a, b))
    .map(([, use]) => {
      let label = '';
      let most = 0;
      for (const [spelling, count] of use.spellings) {
        if (count > most) [label, most] = [spelling, count];
      }
      return { label, tasks: use.tasks };
    });
}
