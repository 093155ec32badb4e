import { describe, expect, it } from 'vitest';
import {
  checklistCleared,
  checklistItemDone,
  checklistLines,
  checklistTicked,
  checklistToStore,
  type StoredChecklistItem,
} from './checklist';

/* The checklist's day rule and its writes (docs/product.md#checklists), table by table. */

const TODAY = '2026-11-24';
const YESTERDAY = '2026-11-23';
const daily = { daily: true, today: TODAY };
const plain = { daily: false, today: TODAY };

describe('checklistItemDone', () => {
  it.each([
    [null, false, false],
    [null, true, false],
    [TODAY, false, true],
    [TODAY, true, true],
    [YESTERDAY, false, true],
    [YESTERDAY, true, false],
  ] as const)('ticked on %s, daily %s: done %s', (doneOn, isDaily, done) => {
    expect(checklistItemDone(doneOn, isDaily, TODAY)).toBe(done);
  });
});

const stored: StoredChecklistItem[] = [
  { id: 'a', title: 'Water', doneOn: YESTERDAY },
  { id: 'b', title: 'Stretch', doneOn: null },
  { id: 'c', title: 'Read', doneOn: TODAY },
];

describe('checklistToStore', () => {
  it('keeps the words and order given and the day of an item that stays done', () => {
    const edits = [
      { id: 'c', title: 'Read a chapter', done: true },
      { id: 'a', title: 'Water', done: true },
      { id: 'new', title: 'Walk', done: true },
      { id: 'b', title: 'Stretch', done: false },
    ];
    expect(checklistToStore(edits, stored, plain)).toEqual([
      { id: 'c', title: 'Read a chapter', doneOn: TODAY },
      { id: 'a', title: 'Water', doneOn: YESTERDAY },
      { id: 'new', title: 'Walk', doneOn: TODAY },
      { id: 'b', title: 'Stretch', doneOn: null },
    ]);
  });

  it('in a habit goal ticks today an item done on an earlier day', () => {
    const edits = [{ id: 'a', title: 'Water', done: true }];
    expect(checklistToStore(edits, stored, daily)).toEqual([{ id: 'a', title: 'Water', doneOn: TODAY }]);
  });
});

describe('checklistTicked', () => {
  it.each([
    ['a', true, plain, YESTERDAY],
    ['a', true, daily, TODAY],
    ['b', true, plain, TODAY],
    ['c', false, plain, null],
  ] as const)('item %s done %s (%o): ticked on %s, the others as they were', (id, done, rule, doneOn) => {
    const ticked = checklistTicked(stored, id, done, rule);
    expect(ticked?.find((item) => item.id === id)?.doneOn).toBe(doneOn);
    expect(ticked?.filter((item) => item.id !== id)).toEqual(stored.filter((item) => item.id !== id));
  });

  it('is undefined for an item not in the list', () => {
    expect(checklistTicked(stored, 'missing', true, plain)).toBeUndefined();
  });
});

describe('checklistCleared and checklistLines', () => {
  it('unticks every item and writes a line an item', () => {
    expect(checklistCleared(stored).map((item) => item.doneOn)).toEqual([null, null, null]);
    expect(
      checklistLines([
        { title: 'Passport', done: true },
        { title: 'Charger', done: false },
      ]),
    ).toBe('[x] Passport\n[ ] Charger');
    expect(checklistLines([])).toBe('');
  });
});
