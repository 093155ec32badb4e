import { describe, expect, it } from 'vitest';
import { parseBulkLines } from './bulk-input';

describe('parseBulkLines', () => {
  it.each([
    ['', []],
    ['   ', []],
    ['\n\n \n\t\n', []],
    ['Read', ['Read']],
    ['  Read  ', ['Read']],
    ['Read\nWrite\nRun', ['Read', 'Write', 'Run']],
    // Windows and old Mac line breaks count too.
    ['Read\r\nWrite\rRun', ['Read', 'Write', 'Run']],
    // Blank lines in the middle and at the ends are dropped; order is kept.
    ['\n  Zeta\n\n Alpha \n\n\nMid\n', ['Zeta', 'Alpha', 'Mid']],
    // Duplicates are separate items: the person typed them twice.
    ['Drink water\nDrink water', ['Drink water', 'Drink water']],
    // Inner spaces stay.
    ['  Walk  the dog ', ['Walk  the dog']],
  ])('%j -> %j', (input, expected) => {
    expect(parseBulkLines(input)).toEqual(expected);
  });
});
