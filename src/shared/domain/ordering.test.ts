import { describe, expect, it } from 'vitest';
import { appendedSortOrders, moveItem, nextSortOrder } from './ordering';

describe('sort positions (docs/product.md#positions)', () => {
  it.each([
    [[], 0],
    [[0], 1],
    [[4, 9, 2], 10],
    [[-3, -1], 0],
  ])('after %j the next position is %i', (existing, expected) => {
    expect(nextSortOrder(existing)).toBe(expected);
  });

  it('places a bulk add in entered order after the maximum, from 0 on an empty list', () => {
    expect(appendedSortOrders([], 3)).toEqual([0, 1, 2]);
    expect(appendedSortOrders([7, 3], 2)).toEqual([8, 9]);
    expect(appendedSortOrders([7], 0)).toEqual([]);
  });
});

describe('moveItem', () => {
  it.each([
    [0, 3, ['b', 'c', 'd', 'a']],
    [3, 0, ['d', 'a', 'b', 'c']],
    [1, 2, ['a', 'c', 'b', 'd']],
    [2, 2, ['a', 'b', 'c', 'd']],
    // Out of range: unchanged.
    [-1, 2, ['a', 'b', 'c', 'd']],
    [1, 4, ['a', 'b', 'c', 'd']],
  ])('from %i to %i gives %j, leaving the input alone', (from, to, expected) => {
    const items = ['a', 'b', 'c', 'd'];
    expect(moveItem(items, from, to)).toEqual(expected);
    expect(items).toEqual(['a', 'b', 'c', 'd']);
  });
});
