import { describe, expect, it } from 'vitest';
import { parseBulkLines, readBulkLines } from './bulk-input';

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

describe('readBulkLines', () => {
  const context = { today: '2026-11-27', goals: [{ id: 'g-family', title: 'Family' }] };

  it('reads each line as quick add does, in the order typed', async () => {
    const readings = await readBulkLines(
      '  Call mum tomorrow 9am #Family\n\nGym every monday\r\nBuy milk\nاتصل بأمي\n',
      context,
    );
    expect(
      readings.map(({ line, title, plannedFor, repeat, remindAt, goalId }) => ({
        line,
        title,
        plannedFor,
        repeat,
        remindAt,
        goalId,
      })),
    ).toEqual([
      {
        line: 'Call mum tomorrow 9am #Family',
        title: 'Call mum',
        plannedFor: '2026-11-28',
        repeat: null,
        remindAt: '09:00',
        goalId: 'g-family',
      },
      {
        line: 'Gym every monday',
        title: 'Gym',
        plannedFor: '2026-11-30',
        repeat: 'FREQ=WEEKLY;BYDAY=MO',
        remindAt: null,
        goalId: null,
      },
      { line: 'Buy milk', title: 'Buy milk', plannedFor: null, repeat: null, remindAt: null, goalId: null },
      { line: 'اتصل بأمي', title: 'اتصل بأمي', plannedFor: null, repeat: null, remindAt: null, goalId: null },
    ]);
  });

  it('keeps a line that is only a plan, with an empty title for the caller to name', async () => {
    const readings = await readBulkLines('Read\ntomorrow\nDec 24', context);
    expect(readings.map(({ line, title }) => [line, title])).toEqual([
      ['Read', 'Read'],
      ['tomorrow', ''],
      ['Dec 24', 'Dec 24'],
    ]);
  });

  it('reads each line’s labels for that line alone', async () => {
    const readings = await readBulkLines('Buy milk @errands @shop\nCall Ana @calls\nEmail me@x.com', context);
    expect(readings.map(({ title, labels }) => [title, labels])).toEqual([
      ['Buy milk', ['errands', 'shop']],
      ['Call Ana', ['calls']],
      ['Email me@x.com', []],
    ]);
  });

  it('reads nothing from blank text', async () => {
    expect(await readBulkLines(' \n\n', context)).toEqual([]);
  });
});
