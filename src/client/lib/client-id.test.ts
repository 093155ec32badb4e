import { describe, expect, it, vi } from 'vitest';
import { newId, withClientId } from './client-id';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('client ids', () => {
  it('are v4 UUIDs, also where crypto.randomUUID is missing (plain http on a LAN address)', () => {
    expect(newId()).toMatch(UUID_V4);
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) });
    const ids = new Set(Array.from({ length: 50 }, newId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(UUID_V4);
  });

  it('stamp an input once, so a retry of the same input sends the same id', () => {
    const input: { title: string; id?: string } = { title: 'Buy milk' };
    const first = withClientId(input).id;
    expect(withClientId(input).id).toBe(first);
    expect(withClientId({ title: 'x', id: 'kept' }).id).toBe('kept');
  });
});
