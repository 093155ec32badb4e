// Vitest 5's reporter prints failures with Map.groupBy, which Node 20 lacks (it arrived in Node 21):
// without this, a failing test crashes the report instead of showing why it failed.
type GroupBy = <K, T>(items: Iterable<T>, keyOf: (item: T, index: number) => K) => Map<K, T[]>;
const MapConstructor = Map as unknown as { groupBy?: GroupBy };
MapConstructor.groupBy ??= (items, keyOf) => {
  const groups = new Map();
  let index = 0;
  for (const item of items) {
    const key = keyOf(item, index++);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return groups;
};

export {};
