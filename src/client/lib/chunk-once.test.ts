import { describe, expect, it, vi } from 'vitest';
import { chunkOnce } from './chunk-once';

describe('a chunk loaded once', () => {
  it('imports once for every ask, and answers the module at once after it has arrived', async () => {
    const importer = vi.fn(async () => ({ name: 'parts' }));
    const chunk = chunkOnce(importer);
    expect(chunk.loaded()).toBeUndefined();
    const [first, second] = await Promise.all([chunk.load(), chunk.load()]);
    expect(first).toBe(second);
    expect(chunk.loaded()).toBe(first);
    await expect(chunk.arrival).resolves.toBe(first);
    await chunk.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('tries again at the next ask after a failed load, and arrives then', async () => {
    const importer = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('parts');
    const chunk = chunkOnce(importer);
    await expect(chunk.load()).rejects.toThrow('offline');
    expect(chunk.loaded()).toBeUndefined();
    await expect(chunk.load()).resolves.toBe('parts');
    await expect(chunk.arrival).resolves.toBe('parts');
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
