import { describe, expect, it } from 'vitest';
import { csvPieces, toCsv } from './csv';

describe('toCsv', () => {
  it('writes a header and rows with CRLF line ends after a byte order mark', () => {
    expect(
      toCsv(
        ['id', 'done'],
        [
          ['a', true],
          ['b', false],
        ],
      ),
    ).toBe('\uFEFFid,done\r\na,true\r\nb,false\r\n');
  });

  it('quotes fields with commas, quotes and line breaks, doubling the quotes', () => {
    expect(toCsv(['t'], [['Milk, eggs'], ['Say "hi"'], ['two\nlines']])).toBe(
      '\uFEFFt\r\n"Milk, eggs"\r\n"Say ""hi"""\r\n"two\nlines"\r\n',
    );
  });

  it('keeps a title that starts like a formula from being run by a spreadsheet', () => {
    expect(toCsv(['t'], [['=HYPERLINK("x")'], ['+1'], ['-5 push-ups'], ['@sum']])).toBe(
      '\uFEFFt\r\n"\'=HYPERLINK(""x"")"\r\n\'+1\r\n\'-5 push-ups\r\n\'@sum\r\n',
    );
  });

  it('writes numbers as they are, even negative ones, and null as an empty field', () => {
    expect(toCsv(['n', 'x'], [[-3, null]])).toBe('\uFEFFn,x\r\n-3,\r\n');
  });

  it('leaves Arabic text as it is', () => {
    expect(toCsv(['t'], [['قراءة كتاب']])).toBe('\uFEFFt\r\nقراءة كتاب\r\n');
  });

  it('writes a long file in pieces of whole lines, which joined are the file', () => {
    const rows = Array.from({ length: 1_234 }, (_, i) => [i, `row ${i}`]);
    const pieces = [...csvPieces(['n', 'text'], rows)];
    expect(pieces).toHaveLength(3);
    for (const piece of pieces) expect(piece.endsWith('\r\n')).toBe(true);
    expect(pieces.join('')).toBe(toCsv(['n', 'text'], rows));
    expect(pieces.join('').split('\r\n')).toHaveLength(1_236);
  });
});
