import type { Page } from '@playwright/test';
import { expect, post, signInByRequest, test, uniqueEmail } from './fixtures';

/*
 * Live updates (docs/product.md#live-updates): two devices of one person stay in step without a
 * reload. The second device is another browser context, signed in as the same person.
 */
const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
/** Resolves once the page's live-update stream has been answered (its headers: it never ends). */
const streamOpened = (page: Page) =>
  page.waitForResponse((response) => response.url().endsWith('/api/events') && response.status() === 200);

test('a tick, a new task and an untick on one device show on the other without reloading', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('live');
  await signInByRequest(page, email);
  await post(page.request, '/api/habits', { title: 'Stretch', isToday: true });
  const laptop = await browser.newContext();
  const other = await laptop.newPage();
  await signInByRequest(other, email);
  await page.goto('/today');
  const otherStream = streamOpened(other);
  await other.goto('/today');
  const theirBox = card(other, 'Stretch').getByRole('checkbox', { name: 'Complete Stretch' });
  await expect(theirBox).not.toBeChecked();
  await otherStream;

  await card(page, 'Stretch').getByRole('checkbox', { name: 'Complete Stretch' }).click({ force: true });
  await expect(theirBox).toBeChecked({ timeout: 3_000 });

  const field = page.getByRole('textbox', { name: 'New task on Today' });
  await field.fill('Call the plumber');
  await field.press('Enter');
  await expect(card(other, 'Call the plumber')).toBeVisible({ timeout: 3_000 });

  // The other way round, and on another screen: All Items follows an untick made on Today.
  const myStream = streamOpened(page);
  await page.goto('/all-items');
  const myBox = card(page, 'Stretch').getByRole('checkbox', { name: 'Complete Stretch' });
  await expect(myBox).toBeChecked();
  await myStream;
  await theirBox.click({ force: true });
  await expect(myBox).not.toBeChecked({ timeout: 3_000 });
  await laptop.close();
});
