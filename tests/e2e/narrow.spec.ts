import type { Page } from '@playwright/test';
import { expect, post, signInByRequest, snap, test, uniqueEmail } from './fixtures';

/*
 * The narrowest phone the app supports is 320px wide: no screen scrolls sideways, and the Today
 * header's controls keep their 44 px touch targets.
 */

test.use({ viewport: { width: 320, height: 640 } });

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.page, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(widths.viewport);
}

test('at 320 px wide Today, All Items and the item dialog fit the screen', { tag: '@phone-only' }, async ({
  page,
}) => {
  await signInByRequest(page, uniqueEmail('narrow'));
  const { id: goalId } = await post(page.request, '/api/goals', {
    title: 'Learn Portuguese properly this year',
    color: 'teal',
  });
  for (const title of ['Review flashcards for twenty minutes', 'Watch a film without subtitles'])
    await post(page.request, '/api/tasks', { title, goalId, isToday: true });
  await post(page.request, '/api/habits', { title: 'Drink water', isToday: true });

  await page.goto('/today');
  await expect(page.getByRole('article', { name: 'Drink water' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  for (const name of ['Execute Mode', 'Clear Today', 'Add new item']) {
    const box = await page.getByRole('button', { name, exact: true }).boundingBox();
    expect(box, name).not.toBeNull();
    expect(Math.min(box!.width, box!.height), `${name} touch target`).toBeGreaterThanOrEqual(44);
  }

  await page.getByRole('button', { name: 'Execute Mode' }).click();
  await expect(page.getByRole('heading', { name: 'Execution Mode' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Exit' }).click();

  await page.goto('/all-items');
  await expect(page.getByRole('heading', { level: 1, name: 'All Items' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Drink water' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.getByRole('button', { name: 'Add Item' }).click();
  await page.getByRole('dialog').getByRole('radio', { name: /^Goal/ }).click();
  await expect(page.getByRole('radio', { name: 'Teal' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  // The colour swatches stay round in the 7-column grid.
  const swatch = await page.getByRole('radio', { name: 'Teal' }).boundingBox();
  expect(swatch).not.toBeNull();
  expect(Math.abs(swatch!.width - swatch!.height)).toBeLessThanOrEqual(1);
});

test('at 320 px wide the settings, their data cards and the offline banner fit the screen', {
  tag: '@phone-only',
}, async ({ page, context }) => {
  await signInByRequest(page, uniqueEmail('narrow-settings'));
  await post(page.request, '/api/habits', { title: 'قراءة كتاب', isToday: true });
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Delete account' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Delete account…' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('signs out 1 device');
  await expectNoSidewaysScroll(page);
  await snap(page, 'narrow-delete-account', { fullPage: false });
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/today');
  await expect(page.getByRole('article', { name: 'قراءة كتاب' })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Complete قراءة كتاب' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 change waits to be sent.' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snap(page, 'narrow-offline-today', { fullPage: false });
  await context.setOffline(false);
});
