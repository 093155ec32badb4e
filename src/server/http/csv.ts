/*
 * CSV as spreadsheets read it (RFC 4180): comma-separated, CRLF line ends, a field quoted when it holds
 * a comma, a quote or a line break. The file starts with a UTF-8 byte order mark, without which Excel
 * reads Arabic or accented titles as Latin-1. A text cell that a spreadsheet would take for a formula
 * (= + - @, or a tab or carriage return first) is prefixed with an apostrophe, so that opening an
 * export cannot run a formula someone typed as a title (docs/decisions/016-account-data.md).
 */

export type CsvCell = string | number | boolean | null;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

function cellText(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell !== 'string') return String(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  const lines = [header, ...rows].map((row) => row.map(cellText).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
