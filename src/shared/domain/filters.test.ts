import { describe, expect, it } from 'vitest';
import {
  type FilterKey,
  filterKeyFor,
  goalFilterKey,
  HABITS_FILTER,
  isShown,
  isSolo,
  NO_FILTERS,
  soloFilter,
  TODOS_FILTER,
  toggleFilter,
} from './filters';

const GOAL_A = goalFilterKey('a');
const GOAL_B = goalFilterKey('b');
const ALL: FilterKey[] = [HABITS_FILTER, TODOS_FILTER, GOAL_A, GOAL_B];

const shownOf = (hidden: ReadonlySet<FilterKey>) => ALL.filter((key) => isShown(hidden, key));

describe('filterKeyFor', () => {
  it.each([
    [{ kind: 'habit' } as const, 'habits'],
    [{ kind: 'task', goalId: null } as const, 'todos'],
    [{ kind: 'task', goalId: 'a' } as const, 'goal:a'],
  ])('%j -> %s', (item, expected) => {
    expect(filterKeyFor(item)).toBe(expected);
  });
});

describe('toggleFilter', () => {
  it.each<[string, FilterKey[], FilterKey, FilterKey[]]>([
    ['hides a shown chip', [], HABITS_FILTER, [TODOS_FILTER, GOAL_A, GOAL_B]],
    ['shows a hidden chip', [HABITS_FILTER], HABITS_FILTER, ALL],
    ['leaves the others alone', [GOAL_A], TODOS_FILTER, [HABITS_FILTER, GOAL_B]],
    ['can hide every chip', [HABITS_FILTER, TODOS_FILTER, GOAL_A], GOAL_B, []],
  ])('%s', (_, hidden, key, expectedShown) => {
    expect(shownOf(toggleFilter(new Set(hidden), key))).toEqual(expectedShown);
  });

  it('does not change the state it was given', () => {
    const hidden = new Set<FilterKey>([GOAL_A]);
    toggleFilter(hidden, GOAL_A);
    expect([...hidden]).toEqual([GOAL_A]);
  });
});

describe('soloFilter', () => {
  it.each<[string, FilterKey[], FilterKey, FilterKey[]]>([
    ['shows only the chip from everything shown', [], GOAL_A, [GOAL_A]],
    ['shows only the chip even when it was hidden', [GOAL_A, TODOS_FILTER], GOAL_A, [GOAL_A]],
    ['moves the solo from one chip to another', [HABITS_FILTER, TODOS_FILTER, GOAL_B], GOAL_B, [GOAL_B]],
    [
      'on the chip already shown alone, shows everything again',
      [HABITS_FILTER, TODOS_FILTER, GOAL_B],
      GOAL_A,
      ALL,
    ],
  ])('%s', (_, hidden, key, expectedShown) => {
    expect(shownOf(soloFilter(new Set(hidden), key, ALL))).toEqual(expectedShown);
  });

  it('reports solo state', () => {
    expect(isSolo(NO_FILTERS, HABITS_FILTER, ALL)).toBe(false);
    expect(isSolo(new Set([TODOS_FILTER, GOAL_A, GOAL_B]), HABITS_FILTER, ALL)).toBe(true);
    expect(isSolo(new Set([TODOS_FILTER, GOAL_A]), HABITS_FILTER, ALL)).toBe(false);
  });
});
