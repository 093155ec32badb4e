import { describe, expect, it } from 'vitest';
import {
  buildSearchIndex,
  foldForSearch,
  matchingChecklistItem,
  matchingLabel,
  matchingLine,
  type SearchEntry,
  searchIndex,
} from './search';

const task = (id: string, title: string): SearchEntry => ({ kind: 'task', id, title });

describe('foldForSearch', () => {
  it.each([
    ['Café', 'cafe'],
    ['ÉCOLE', 'ecole'],
    ['Straße', 'straße'],
    ['ﬁle', 'file'],
    // Harakat, the hamza on alef, tatweel, alef maksura and teh marbuta.
    ['مَدْرَسَة', 'مدرسه'],
    ['أحمد', 'احمد'],
    ['إسلام', 'اسلام'],
    ['كتـــاب', 'كتاب'],
    ['مستشفى', 'مستشفي'],
  ])('%s -> %s', (text, folded) => {
    expect(foldForSearch(text)).toBe(folded);
  });
});

describe('searchIndex', () => {
  const entries: SearchEntry[] = [
    task('1', 'Buy running shoes'),
    task('2', 'Running'),
    { kind: 'goal', id: 'g', title: 'Health', description: 'Run a marathon' },
    { kind: 'habit', id: 'h', title: 'Go for a run' },
    { kind: 'habit', id: 'i', title: 'Stretch', description: 'After each run' },
    task('5', 'Rerun the tests'),
    task('6', 'قراءة القرآن'),
    task('7', 'Crème brûlée'),
    { kind: 'task', id: 'c', title: 'Pack', checklist: ['Passport', 'Running shoes'] },
    { kind: 'task', id: 'l', title: 'Shoes', labels: ['errands', 'Trail-run'] },
    { kind: 'task', id: 'm', title: 'Milk', labels: ['Errands'] },
    { kind: 'task', id: 'a', title: 'Bread', labels: ['مشتريات'] },
  ];
  const index = buildSearchIndex(entries);
  const ids = (query: string) => searchIndex(index, query).map((hit) => hit.entry.id);

  it('ranks a title prefix first, then a word start, then anywhere, then a description, then a checklist item, then a label', () => {
    expect(ids('run')).toEqual(['2', '1', 'h', '5', 'g', 'i', 'c', 'l']);
    expect(ids('RANDS')).toEqual(['l', 'm']);
    expect(ids('PASSPORT')).toEqual(['c']);
    // A query is found within one item, not across two.
    expect(ids('passport running')).toEqual([]);
  });

  it('finds by "@" only tasks with a label starting with the rest, folded; "@" alone, every labelled one', () => {
    expect(ids('@err')).toEqual(['l', 'm']);
    expect(ids('@ ERRANDS ')).toEqual(['l', 'm']);
    expect(ids('@trail')).toEqual(['l']);
    // Not the middle of a label, nor a title.
    expect(ids('@rands')).toEqual([]);
    expect(ids('@run')).toEqual([]);
    expect(ids('@shoes')).toEqual([]);
    expect(ids('@مُشتريات')).toEqual(['a']);
    expect(ids('@')).toEqual(['l', 'm', 'a']);
    // One label at a time: not across two.
    expect(ids('errands trail')).toEqual([]);
  });

  it('ignores case and accents in both the query and the titles', () => {
    expect(ids('CREME BRULEE')).toEqual(['7']);
    expect(ids('brûl')).toEqual(['7']);
  });

  it('finds Arabic titles typed with or without harakat and hamza', () => {
    expect(ids('قراءه')).toEqual(['6']);
    expect(ids('القران')).toEqual(['6']);
    expect(ids('القُرْآن')).toEqual(['6']);
  });

  it('answers nothing for an empty or blank query, and stops at the limit', () => {
    expect(ids('')).toEqual([]);
    expect(ids('   ')).toEqual([]);
    expect(searchIndex(index, 'r', { limit: 2 })).toHaveLength(2);
  });

  it('does linear work on 5,000 items: each field folded once when built, only the query when searched', () => {
    const counted = (size: number) => {
      let folds = 0;
      const fold = (text: string) => {
        folds += 1;
        return foldForSearch(text);
      };
      const many: SearchEntry[] = Array.from({ length: size }, (_, i) =>
        i % 10 === 0
          ? { kind: 'goal', id: `g${i}`, title: `Goal ${i}`, description: `About ${i}` }
          : i % 10 === 5
            ? { kind: 'task', id: `t${i}`, title: `Task number ${i}`, checklist: ['One', 'Two', 'Three'] }
            : task(`t${i}`, `Task number ${i}`),
      );
      const built = buildSearchIndex(many, fold);
      const afterBuild = folds;
      const hits = searchIndex(built, 'number 4', { fold, limit: size });
      return { afterBuild, searchFolds: folds - afterBuild, hits: hits.length };
    };
    const small = counted(2_500);
    const large = counted(5_000);
    // Titles plus one description and one checklist (all its items at once) per ten items: 1.2 folds an
    // item, twice as many for twice the items.
    expect(small.afterBuild).toBe(3_000);
    expect(large.afterBuild).toBe(6_000);
    expect(large.searchFolds).toBe(1);
    expect(large.hits).toBeGreaterThan(small.hits);
  });
});

describe('matchingLine', () => {
  it('is the trimmed line of a description that holds the query, folded as the search folds', () => {
    const notes = 'Bring the passport\n  Ask about the FEE  \r\nقراءة القرآن';
    expect(matchingLine(notes, 'fee')).toBe('Ask about the FEE');
    expect(matchingLine(notes, ' القران ')).toBe('قراءة القرآن');
    expect(matchingLine(notes, 'visa')).toBeUndefined();
    expect(matchingLine(notes, '  ')).toBeUndefined();
  });

  it("a checklist's item that holds the query, as a description's line is shown", () => {
    expect(matchingChecklistItem(['Passport', '  Charger', 'قراءة القرآن'], 'CHARG')).toBe('Charger');
    expect(matchingChecklistItem(['Passport', 'قراءة القرآن'], 'القران')).toBe('قراءة القرآن');
    expect(matchingChecklistItem(['Passport'], 'visa')).toBeUndefined();
  });

  it('the label that made a task a result: the first starting with an "@" query\'s rest, or holding a plain one', () => {
    expect(matchingLabel(['errands', 'Trail-run'], '@TR')).toBe('Trail-run');
    expect(matchingLabel(['errands', 'Trail-run'], 'run')).toBe('Trail-run');
    expect(matchingLabel(['errands', 'Trail-run'], '@run')).toBeUndefined();
    expect(matchingLabel(['مشتريات'], 'مُشتري')).toBe('مشتريات');
    expect(matchingLabel(['errands'], ' ')).toBeUndefined();
  });

  it('starts a long line a few words before a match far into it, after "…"', () => {
    const long =
      'Call the embassy first thing in the morning and ask which forms they need, then pay the visa fee online';
    expect(matchingLine(long, 'VISA')).toBe('…need, then pay the visa fee online');
    // Near the start, the line is shown whole.
    expect(matchingLine(long, 'embassy')).toBe(long);
    // Folding changes lengths (marks dropped), and the match still shows with the words before it.
    const arabic = `${'ذهبتُ إلى السوقِ صباحاً واشتريتُ خبزاً وحليباً '.repeat(2)}ثم قرأتُ القرآنَ`;
    const shown = matchingLine(arabic, 'القران') ?? '';
    expect(shown.startsWith('…')).toBe(true);
    expect(foldForSearch(shown)).toContain('قرات القران');
    // One word longer than the lead is cut inside it rather than hiding the match.
    const word = `${'x'.repeat(60)}needle`;
    expect(matchingLine(word, 'needle')).toBe(`…${'x'.repeat(24)}needle`);
  });
});
