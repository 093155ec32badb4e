import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSavedData, resetSavedData } from './saved-data';

/* Signing out forgets the person on this device, reminders included (docs/product.md#reminders). */

afterEach(() => {
  vi.unstubAllGlobals();
  resetSavedData();
});

function browserWithPush(subscription: { unsubscribe: () => Promise<boolean> } | null) {
  const registration = { pushManager: { getSubscription: async () => subscription } };
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: { getRegistration: async () => registration } });
}

describe('clearSavedData', () => {
  it("drops the browser's push subscription, so the person's reminders stop coming to this device", async () => {
    const unsubscribe = vi.fn(async () => true);
    browserWithPush({ unsubscribe });
    await clearSavedData();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('signs out all the same where there is no subscription, no push, or the browser refuses', async () => {
    browserWithPush(null);
    await expect(clearSavedData()).resolves.toBeUndefined();
    browserWithPush({ unsubscribe: async () => Promise.reject(new Error('refused')) });
    await expect(clearSavedData()).resolves.toBeUndefined();
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: undefined });
    await expect(clearSavedData()).resolves.toBeUndefined();
  });
});
