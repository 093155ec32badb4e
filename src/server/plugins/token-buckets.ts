/**
 * Token buckets by key, in memory: each key holds up to `capacity` tokens and regains `capacity` per
 * minute, so a burst of `capacity` calls passes at once and the sustained rate is `capacity` a
 * minute. Full buckets are forgotten once a minute, and at most `maxKeys` are kept (the oldest go
 * first), so memory stays bounded even when someone sprays addresses.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMs: number;
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly capacity: number,
    private readonly maxKeys = 100_000,
  ) {
    this.perMs = capacity / 60_000;
  }

  /** Takes one token for `key` at time `now` (ms); answers 0 when allowed, else ms until one is back. */
  take(key: string, now: number): number {
    if (now - this.lastSweep >= 60_000 || this.buckets.size >= this.maxKeys) this.sweep(now);
    const bucket = this.buckets.get(key);
    const tokens = bucket
      ? Math.min(this.capacity, bucket.tokens + Math.max(0, now - bucket.at) * this.perMs)
      : this.capacity;
    const allowed = tokens >= 1;
    this.buckets.set(key, { tokens: allowed ? tokens - 1 : tokens, at: now });
    return allowed ? 0 : Math.ceil((1 - tokens) / this.perMs);
  }

  get size(): number {
    return this.buckets.size;
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * this.perMs >= this.capacity) this.buckets.delete(key);
    }
    // Still full: forget the keys first seen longest ago (a Map iterates in insertion order).
    let excess = this.buckets.size - Math.floor(this.maxKeys * 0.9);
    for (const key of this.buckets.keys()) {
      if (excess-- <= 0) break;
      this.buckets.delete(key);
    }
  }
}
