import { describe, expect, it } from 'vitest';
import { asksForNoCache, keptAnswers } from './kept-answers';

const answer = (day: string, version: string, body: string) => ({ day, version, body });

describe('keptAnswers', () => {
  it('finds the answer kept for the person and day, and none for another day', () => {
    const kept = keptAnswers();
    kept.keep('ann', answer('2026-11-26', '7', '{"a":1}'));
    expect(kept.find('ann', '2026-11-26')).toEqual(answer('2026-11-26', '7', '{"a":1}'));
    expect(kept.find('ann', '2026-11-27')).toBeUndefined();
    expect(kept.find('bob', '2026-11-26')).toBeUndefined();
  });

  it('keeps one answer per person: the newer replaces the older', () => {
    const kept = keptAnswers();
    kept.keep('ann', answer('2026-11-26', '7', 'old'));
    kept.keep('ann', answer('2026-11-27', '9', 'new'));
    expect(kept.find('ann', '2026-11-26')).toBeUndefined();
    expect(kept.find('ann', '2026-11-27')?.body).toBe('new');
  });

  it('forgets the person read longest ago once the characters kept pass the limit', () => {
    const kept = keptAnswers(10);
    kept.keep('ann', answer('d', '1', 'aaaa'));
    kept.keep('bob', answer('d', '1', 'bbbb'));
    expect(kept.find('ann', 'd')?.body).toBe('aaaa'); // ann is now the most recently read
    kept.keep('cat', answer('d', '1', 'cccc'));
    expect(kept.find('bob', 'd')).toBeUndefined();
    expect(kept.find('ann', 'd')?.body).toBe('aaaa');
    expect(kept.find('cat', 'd')?.body).toBe('cccc');
  });

  it('does not keep an answer larger than the whole limit, and forgets the one it replaces', () => {
    const kept = keptAnswers(10);
    kept.keep('ann', answer('d', '1', 'small'));
    kept.keep('ann', answer('d', '2', 'x'.repeat(11)));
    expect(kept.find('ann', 'd')).toBeUndefined();
    kept.keep('bob', answer('d', '1', 'y'.repeat(10)));
    expect(kept.find('bob', 'd')?.body).toBe('y'.repeat(10));
  });
});

describe('asksForNoCache', () => {
  it('reads no-cache among the directives, in any case, and nothing else', () => {
    expect(asksForNoCache('no-cache')).toBe(true);
    expect(asksForNoCache('max-age=0, No-Cache')).toBe(true);
    expect(asksForNoCache('max-age=0')).toBe(false);
    expect(asksForNoCache('no-store')).toBe(false);
    expect(asksForNoCache(undefined)).toBe(false);
  });
});
