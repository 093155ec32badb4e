import { buildSearchIndex, type SearchEntry, searchIndex } from '#shared/domain/search';

/**
 * `npm run bench -- search`: the time to index 5,000 items (once per change of the lists) and to
 * answer a query over them (every keystroke), against a 16 ms frame (docs/product.md#search).
 */
const WORDS = [
  'Buy',
  'running',
  'shoes',
  'Café',
  'plan',
  'قراءة',
  'القرآن',
  'Call',
  'the',
  'bank',
  'Ölçü',
  'stretch',
];

function entries(count: number): SearchEntry[] {
  return Array.from({ length: count }, (_, i) => {
    const title = Array.from({ length: 4 }, (__, w) => WORDS[(i * 7 + w * 3) % WORDS.length]).join(' ');
    return i % 20 === 0
      ? { kind: 'goal', id: `g${i}`, title, description: `${title} and more, item ${i}` }
      : { kind: i % 3 === 0 ? 'habit' : 'task', id: `t${i}`, title: `${title} ${i}` };
  });
}

function median(run: () => void, times = 25): number {
  const spent: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const start = performance.now();
    run();
    spent.push(performance.now() - start);
  }
  spent.sort((a, b) => a - b);
  return spent[Math.floor(spent.length / 2)] ?? Number.NaN;
}

export async function runSearchBenchmark(): Promise<void> {
  const items = entries(5_000);
  const index = buildSearchIndex(items);
  const rows = [
    { what: 'index 5,000 items', ms: median(() => buildSearchIndex(items)) },
    ...['r', 'run', 'cafe', 'القران', 'no such thing'].map((query) => ({
      what: `query "${query}"`,
      ms: median(() => searchIndex(index, query)),
    })),
  ];
  console.table(rows.map((row) => ({ what: row.what, 'median ms': row.ms.toFixed(2) })));
}
