import { describe, expect, it } from 'vitest';
import { countOf, listOf } from './counts-text';

describe('countOf', () => {
  it('picks the noun by the count and groups thousands', () => {
    expect(countOf(1, 'goal')).toBe('1 goal');
    expect(countOf(0, 'goal')).toBe('0 goals');
    expect(countOf(10_000, 'task')).toBe('10,000 tasks');
    expect(countOf(2, 'completed day')).toBe('2 completed days');
  });
});

describe('listOf', () => {
  it('joins with commas and a final "and"', () => {
    expect(listOf([])).toBe('nothing');
    expect(listOf(['a'])).toBe('a');
    expect(listOf(['a', 'b'])).toBe('a and b');
    expect(listOf(['a', 'b', 'c'])).toBe('a, b and c');
  });
});
