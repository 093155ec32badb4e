import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonWriter } from './json-serializer';

const compilations = vi.hoisted(() => ({ count: 0 }));

vi.mock('fast-json-stringify', async (importOriginal) => {
  const original = await importOriginal<typeof import('fast-json-stringify')>();
  const counted = (...args: Parameters<typeof original.default>) => {
    compilations.count += 1;
    return original.default(...args);
  };
  return { ...original, default: counted };
});

const Item = z.object({ id: z.string(), title: z.string(), note: z.string().nullable() });

describe('jsonWriter', () => {
  it('compiles when it first writes, once, and writes only the listed properties', () => {
    const before = compilations.count;
    // Fastify makes a writer for every route's answers before the server listens.
    const write = jsonWriter(Item);
    expect(compilations.count).toBe(before);

    const secret = { id: 'a', title: 'Walk', note: null, ownerId: 'someone-else' };
    expect(JSON.parse(write(secret))).toEqual({ id: 'a', title: 'Walk', note: null });
    expect(compilations.count).toBe(before + 1);
    expect(JSON.parse(write({ id: 'b', title: 'Read', note: 'p. 40' }))).toEqual({
      id: 'b',
      title: 'Read',
      note: 'p. 40',
    });
    expect(compilations.count).toBe(before + 1);
  });
});
