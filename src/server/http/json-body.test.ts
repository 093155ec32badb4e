import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-body';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('nestsDeeperThan', () => {
  it('counts objects and arrays alike, up to the limit and one past it', () => {
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[{"c":1}]}}', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[{"c":1}]}}', 4)).toBe(false);
  });

  it('measures depth at once, not in total: many siblings are not deep', () => {
    expect(nestsDeeperThan(`[${'[1],'.repeat(10_000)}[1]]`, 2)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ title: nested(100) }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ title: `say \\"${nested(100)}` }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify([`"[[[`, [[1]]]), 2)).toBe(true);
  });
});
