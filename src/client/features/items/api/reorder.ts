/** New sortOrder values for a list in its new order: its positions, 0 to n-1. */
export function sortOrdersFor(orderedIds: readonly string[]): Array<{ id: string; sortOrder: number }> {
  return orderedIds.map((id, index) => ({ id, sortOrder: index }));
}

/** Applies those positions to a cached list, leaving the items not in the reorder untouched. */
export function withSortOrders<T extends { id: string; sortOrder: number }>(
  items: readonly T[],
  orderedIds: readonly string[],
): T[] {
  const positions = new Map(orderedIds.map((id, index) => [id, index]));
  return items.map((item) => {
    const sortOrder = positions.get(item.id);
    return sortOrder === undefined ? item : { ...item, sortOrder };
  });
}
