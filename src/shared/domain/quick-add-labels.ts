import { isLabel, LABELS_MAX, labelKey, uniqueLabels } from './labels';
import { titleWithout } from './title-without';

/*
 * Labels in quick add's line (docs/product.md#words-in-quick-add, docs/decisions/051-labels.md): "@" at
 * a word's start and a label by the shared rules, "@errands". Every one in the line is read, as
 * Todoist reads all its "@labels", up to a task's LABELS_MAX. A letter must follow "@", so "@9:05" and
 * "@5pm" stay times; "me@x.com" is no label, as its "@" starts no word.
 */

export type LabelRead = { start: number; end: number; label: string };

/*
 * The word runs to the first character a label cannot hold; a word that goes on past it ("@mum's",
 * "@x.com") is no label. A full stop or colon ending the sentence is not part of it ("Call @ana.").
 */
const LABEL_WORD = /(?<!\S)@(\p{L}[\p{L}\p{M}\p{N}_-]*)(?![\p{L}\p{M}\p{N}_'’@-]|[.:]\p{L}|[.:]\p{N})/gu;

/** The labels in `text` that `skip` does not refuse, in their order; the same label again is read too. */
export function readLabels(text: string, skip: (words: string) => boolean): LabelRead[] {
  const found: LabelRead[] = [];
  const kept = new Set<string>();
  for (const match of text.matchAll(LABEL_WORD)) {
    const label = (match[1] ?? '').normalize('NFC');
    const words = match[0];
    if (!isLabel(label) || skip(words)) continue;
    const key = labelKey(label);
    if (!kept.has(key) && kept.size >= LABELS_MAX) continue;
    kept.add(key);
    found.push({ start: match.index, end: match.index + words.length, label });
  }
  return found;
}

/**
 * The labels of a line, each once, and the line without them, as quick add takes them out (Todoist's
 * CSV keeps a task's labels in its title so, docs/product.md#your-data). A word that is no label
 * ("me@x.com", "@9:05", "@@x") or one past LABELS_MAX stays in the line as written.
 */
export function labelsInText(text: string): { rest: string; labels: string[] } {
  const found = readLabels(text, () => false);
  return { rest: titleWithout(text, found), labels: uniqueLabels(found.map(({ label }) => label)) };
}
