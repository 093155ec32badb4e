import { describe, expect, it } from 'vitest';
import { clientKey } from './rate-limits';
import { TokenBuckets } from './token-buckets';

describe('TokenBuckets', () => {
  it('lets a burst of the capacity through, then says how long until the next token', () => {
    const buckets = new TokenBuckets(60);
    for (let i = 0; i < 60; i += 1) expect(buckets.take('a', 0)).toBe(0);
    // 60 a minute is one a second.
    expect(buckets.take('a', 0)).toBe(1000);
    expect(buckets.take('a', 500)).toBe(500);
    expect(buckets.take('a', 1000)).toBe(0);
    expect(buckets.take('a', 1000)).toBe(1000);
  });

  it('keeps keys apart', () => {
    const buckets = new TokenBuckets(1);
    expect(buckets.take('a', 0)).toBe(0);
    expect(buckets.take('a', 0)).toBeGreaterThan(0);
    expect(buckets.take('b', 0)).toBe(0);
  });

  it('refills to the capacity and no further', () => {
    const buckets = new TokenBuckets(2);
    expect(buckets.take('a', 0)).toBe(0);
    expect(buckets.take('a', 0)).toBe(0);
    // An hour later the bucket holds 2, not 120.
    expect(buckets.take('a', 3_600_000)).toBe(0);
    expect(buckets.take('a', 3_600_000)).toBe(0);
    expect(buckets.take('a', 3_600_000)).toBeGreaterThan(0);
  });

  it('keeps at most maxKeys, and forgets full buckets once a minute', () => {
    const buckets = new TokenBuckets(10, 100);
    for (let i = 0; i < 150; i += 1) buckets.take(`key-${i}`, 0);
    expect(buckets.size).toBeLessThanOrEqual(100);
    buckets.take('late', 60_000);
    expect(buckets.size).toBe(1);
  });
});

describe('clientKey', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['2001:db8:abcd:12:1:2:3:4', '2001:db8:abcd:12::/64'],
    ['2001:0db8:abcd:0012:ffff::1', '2001:db8:abcd:12::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s counts as %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});
