import { describe, expect, it } from 'vitest';
import {
  carriesLabel,
  LABEL_EMPTY_MESSAGE,
  LABEL_LENGTH_MESSAGE,
  LABEL_WORD_MESSAGE,
  labelFault,
  labelsRenamed,
  labelsWithout,
  labelUses,
} from './labels';

/* Renaming and removing a label on a task, and the person's labels with their counts (docs/product.md#labels). */

describe('labelFault', () => {
  it('says why a word is not a label, the length before the word, and nothing for a label', () => {
    expect(labelFault('errands')).toBeUndefined();
    expect(labelFault('مشتريات')).toBeUndefined();
    expect(labelFault('')).toBe(LABEL_EMPTY_MESSAGE);
    expect(labelFault('x'.repeat(31))).toBe(LABEL_LENGTH_MESSAGE);
    expect(labelFault(`${'x'.repeat(30)}!`)).toBe(LABEL_LENGTH_MESSAGE);
    expect(labelFault('two-words!')).toBe(LABEL_WORD_MESSAGE);
    expect(labelFault('9lives')).toBe(LABEL_WORD_MESSAGE);
  });
});

describe('carriesLabel', () => {
  it.each([
    [['errands', 'calls'], 'Errands', true],
    [['Café'], 'CAFÉ', true],
    [['errands'], 'errand', false],
    [[], 'errands', false],
  ] as const)('%j carries %s: %s', (labels, label, carries) => {
    expect(carriesLabel(labels, label)).toBe(carries);
  });
});

describe('labelsRenamed', () => {
  it.each([
    ['in its place', ['home', 'errands', 'calls'], 'errands', 'shop', ['home', 'shop', 'calls']],
    ['in any case', ['ERRANDS'], 'errands', 'shop', ['shop']],
    ['respelled in another case', ['home', 'errands'], 'Errands', 'Errands', ['home', 'Errands']],
    [
      'onto a label it has, kept once where first',
      ['shop', 'home', 'errands'],
      'errands',
      'Shop',
      ['Shop', 'home'],
    ],
    ['the label it joins, spelled as typed', ['home', 'SHOP'], 'errands', 'shop', ['home', 'shop']],
    ['onto a label it has after it', ['errands', 'home', 'shop'], 'errands', 'shop', ['shop', 'home']],
    ['without the label, unchanged', ['home'], 'errands', 'shop', ['home']],
    ['to an Arabic name', ['errands'], 'errands', 'مشاوير', ['مشاوير']],
  ] as const)('%s', (_what, labels, from, to, renamed) => {
    expect(labelsRenamed(labels, from, to)).toEqual(renamed);
  });
});

describe('labelsWithout', () => {
  it.each([
    [['home', 'Errands', 'calls'], 'errands', ['home', 'calls']],
    [['home'], 'errands', ['home']],
    [['errands'], 'ERRANDS', []],
  ] as const)('%j without %s: %j', (labels, label, left) => {
    expect(labelsWithout(labels, label)).toEqual(left);
  });
});

describe('labelUses', () => {
  it('counts each label once per task in any case, by name in any case', () => {
    expect(labelUses([['zoo', 'Errands'], ['errands', 'calls'], ['errands'], []])).toEqual([
      { label: 'calls', tasks: 1 },
      { label: 'errands', tasks: 3 },
      { label: 'zoo', tasks: 1 },
    ]);
  });

  it('spells a label as most of its tasks do, and as the oldest task does on a tie', () => {
    expect(labelUses([['Home'], ['home'], ['HOME'], ['home']])).toEqual([{ label: 'home', tasks: 4 }]);
    expect(labelUses([['Home'], ['home']])).toEqual([{ label: 'Home', tasks: 2 }]);
    expect(labelUses([['home'], ['Home']])).toEqual([{ label: 'home', tasks: 2 }]);
  });

  it('orders names as Unicode does for no language, accents among their letters', () => {
    const names = ['zoo', 'Ärger', 'apple', 'café', 'cafe', 'Éclair', 'مشاوير'];
    expect(labelUses(names.map((name) => [name])).map((use) => use.label)).toEqual([
      'apple',
      'Ärger',
      'cafe',
      'café',
      'Éclair',
      'zoo',
      'مشاوير',
    ]);
  });

  it('is empty without labels', () => {
    expect(labelUses([])).toEqual([]);
    expect(labelUses([[], []])).toEqual([]);
  });
});
