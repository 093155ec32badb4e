/** Where words read out of a line start and end in it. */
export type Span = { start: number; end: number };

/**
 * The line without the words read out of it (quick add's chips, an imported title's labels), and
 * without the spaces and commas they leave behind: "Call mum, tomorrow" is "Call mum", "Call mum
 * tomorrow, then Ana" is "Call mum, then Ana", "Call mum tomorrow." is "Call mum.".
 */
export function titleWithout(text: string, taken: readonly Span[]): string {
  if (taken.length === 0) return text.trim();
  let title = text;
  for (const span of [...taken].sort((a, b) => b.start - a.start)) {
    let left = title.slice(0, span.start).trimEnd();
    let right = title.slice(span.end).trimStart();
    if (right === '' || /[,;:]$/u.test(left)) right = right.replace(/^[,;:]\s*/u, '');
    if (right === '') left = left.replace(/[\s,;:]+$/u, '');
    // A mark that closes or continues a sentence joins the word before it.
    title = left && right && !/^[.,;:!?…)\]]/u.test(right) ? `${left} ${right}` : left + right;
  }
  return title.replace(/^[\s,;:–—-]+|[\s,;:–—-]+$/gu, '');
}
