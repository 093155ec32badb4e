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
