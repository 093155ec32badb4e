import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh module each time: the zone read is kept for a minute. */
async function freshBrowserTimeZone() {
  vi.resetModules();
  return (await import('./request-init')).browserTimeZone;
}

afterEach(() => vi.unstubAllGlobals());

describe('browserTimeZone', () => {
  it('asks Temporal where the browser has it, without building an Intl formatter', async () => {
    const formatter = vi.spyOn(Intl, 'DateTimeFormat');
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Asia/Tokyo' } });
    const browserTimeZone = await freshBrowserTimeZone();
    expect(browserTimeZone()).toBe('Asia/Tokyo');
    expect(formatter).not.toHaveBeenCalled();
    formatter.mockRestore();
  });

  it('falls back to Intl where there is no Temporal', async () => {
    vi.stubGlobal('Temporal', undefined);
    const browserTimeZone = await freshBrowserTimeZone();
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
