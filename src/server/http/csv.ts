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

/** Lines per piece of a file written in pieces: a few tens of kilobytes each. */
const LINES_PER_PIECE = 500;

/**
 * The file in pieces, so that a long one (an account's every completed day) is sent as it is written
 * instead of held whole, and the server answers others between pieces.
 */
export function* csvPieces(header: readonly string[], rows: Iterable<readonly CsvCell[]>): Generator<string> {
  let lines = [`\uFEFF${header.map(cellText).join(',')}`];
  for (const row of rows) {
    lines.push(row.map(cellText).join(','));
    if (lines.length === LINES_PER_PIECE) {
      yield `${lines.join('\r\n')}\r\n`;
      lines = [];
    }
  }
  if (lines.length > 0) yield `${lines.join('\r\n')}\r\n`;
}

export function toCsv(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  return [...csvPieces(header, rows)].join('');
}
