import type { QuickAddContext, QuickAddReading } from './quick-add-words';

/**
 * Bulk add (docs/product.md#dialog-lifecycle, docs/product.md#form-rules): one item per line, each line
 * trimmed, blank lines dropped, the rest kept in the order they were typed.
 */
export function parseBulkLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** One line of bulk add read as quick add reads its line, with the line as typed. */
export type BulkLineReading = QuickAddReading & { line: string };

/**
 * Bulk add reads each line as quick add does (docs/product.md#words-in-quick-add): "Call mum tomorrow"
 * on its own line is "Call mum" planned for tomorrow. A line left without a title ("tomorrow" alone)
 * keeps an empty title for the caller to name. The reader (chrono-node and rrule) is loaded on the
 * first call, not with the dialog that counts the lines (docs/decisions/010-first-load-weight.md).
 */
export async function readBulkLines(text: string, context: QuickAddContext): Promise<BulkLineReading[]> {
  const { readQuickAdd } = await import('./quick-add-words');
  return parseBulkLines(text).map((line) => ({ ...readQuickAdd(line, context), line }));
}
