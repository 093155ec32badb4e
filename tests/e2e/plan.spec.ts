import type { Page } from '@playwright/test';
import { dayHeading } from '#shared/domain/day-labels';
import { addDays, dayAt } from '#shared/domain/days';
import {
  expect,
  expectNoA11yViolations,
  liftByKeyboard,
  post,
  setTheme,
  signIn,
  snap,
  test,
} from './fixtures';

/*
 * Planning beyond today (docs/product.md#upcoming-screen, docs/product.md#words-in-quick-add): a task
 * moves between the days of Upcoming by mouse, touch, keyboard and its "Move to…" menu, and quick add
 * reads "tomorrow" out of the title.
 */

/** The person's day as the server counts it: the browser's zone (sent on every call), day start 0:00. */
async function personsDay(page: Page): Promise<string> {
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  return dayAt(new Date(), zone, 0);
}

const day = (page: Page, heading: string) => page.getByRole('region', { name: heading, exact: true });

/** Signs in with one task planned for tomorrow and opens Upcoming. */
async function upcomingWithTask(page: Page, title: string) {
  await signIn(page);
  const today = await personsDay(page);
  await post(page.request, '/api/tasks', { title, plannedFor: addDays(today, 1) });
  await page.goto('/upcoming');
  await expect(day(page, 'Tomorrow').getByRole('article', { name: `${title}, Tomorrow` })).toBeVisible();
  return today;
}

/** Drags `title`'s grip onto the day headed `heading`: a mouse on desktop, a long press and a slide on the phone. */
async function dragToDay(page: Page, title: string, heading: string): Promise<void> {
  const handle = await page.getByRole('button', { name: `Reorder ${title}` }).boundingBox();
  await day(page, heading).scrollIntoViewIfNeeded();
  const target = await day(page, heading).boundingBox();
  if (!handle || !target) throw new Error('not laid out');
  const x = handle.x + handle.width / 2;
  const startY = handle.y + handle.height / 2;
  const endY = target.y + target.height / 2;
  if (test.info().project.name !== 'phone') {
    await page.mouse.move(x, startY);
    await page.mouse.down();
    await page.mouse.move(x, startY + 8, { steps: 2 });
    await page.mouse.move(x, endY, { steps: 12 });
    await page.mouse.up();
    return;
  }
  const session = await page.context().newCDPSession(page);
  const touchAt = (type: 'touchStart' | 'touchMove', y: number) =>
    session.send('Input.dispatchTouchEvent', { type, touchPoints: [{ x, y }] });
  await touchAt('touchStart', startY);
  await page.waitForTimeout(250);
  for (let i = 1; i <= 12; i++) {
    await touchAt('touchMove', startY + ((endY - startY) * i) / 12);
    await page.waitForTimeout(20);
  }
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await session.detach();
}

test('Upcoming: a task dragged onto another day is planned for it, also after a reload', {
  tag: '@phone',
}, async ({ page }) => {
  const today = await upcomingWithTask(page, 'Call mum');
  const target = dayHeading(addDays(today, 3), today);
  await dragToDay(page, 'Call mum', target);
  await expect(page.locator('[id^="DndLiveRegion"]')).toHaveText(`Call mum moved to ${target}.`);
  await expect(day(page, target).getByRole('article', { name: /^Call mum, / })).toBeVisible();
  await expect(day(page, 'Tomorrow').getByText('Nothing planned')).toBeVisible();
  await page.reload();
  await expect(day(page, target).getByRole('article', { name: /^Call mum, / })).toBeVisible();
});

test('Upcoming: the keyboard moves a task a day at a time, with announcements', async ({ page }) => {
  const today = await upcomingWithTask(page, 'Pay rent');
  const handle = page.getByRole('button', { name: 'Reorder Pay rent' });
  await liftByKeyboard(page, handle, /Picked up Pay rent, planned for tomorrow/);
  await page.keyboard.press('ArrowDown');
  const next = dayHeading(addDays(today, 2), today);
  await expect(page.locator('[id^="DndLiveRegion"]', { hasText: `Pay rent is over ${next}` })).toHaveCount(1);
  await page.keyboard.press('Space');
  await expect(page.locator('[id^="DndLiveRegion"]', { hasText: `Pay rent moved to ${next}` })).toHaveCount(
    1,
  );
  await expect(day(page, next).getByRole('article', { name: /^Pay rent, / })).toBeVisible();
});

test('Upcoming: "Move to…" moves a task without dragging; axe clean in both themes', {
  tag: '@phone',
}, async ({ page }) => {
  // Three axe runs and two themes: more than the default minute on a busy machine.
  test.slow();
  const today = await upcomingWithTask(page, 'Book dentist');
  await page.getByRole('button', { name: 'More actions for Book dentist' }).click();
  await page.getByRole('menuitem', { name: 'Move to…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move to' });
  await expectNoA11yViolations(page);
  await snap(page, 'upcoming-move-to', { fullPage: false });
  await dialog.getByRole('button', { name: 'Today', exact: true }).click();
  await expect(day(page, 'Today').getByRole('article', { name: 'Book dentist, Today' })).toBeVisible();
  await expect(page.getByText('“Book dentist” is planned for today.').first()).toBeVisible();
  expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expectNoA11yViolations(page);
  await snap(page, 'upcoming', { fullPage: false });
  await setTheme(page, 'dark');
  await expect(day(page, 'Today').getByRole('article', { name: 'Book dentist, Today' })).toBeVisible();
  await expectNoA11yViolations(page);
  await snap(page, 'upcoming', { fullPage: false });
});

test('quick add in words: "Call mum tomorrow" shows a chip, then makes "Call mum" planned for tomorrow', {
  tag: '@phone',
}, async ({ page }) => {
  await signIn(page);
  await page.goto('/today');
  const field = page.getByRole('textbox', { name: 'New task on Today' });
  await field.pressSequentially('Call mum tomorrow');
  const chips = page.getByRole('list', { name: 'Read from your words' });
  await expect(chips).toContainText('Tomorrow');
  await expectNoA11yViolations(page);
  await snap(page, 'quick-add-words', { fullPage: false });
  await field.press('Enter');
  await expect(field).toHaveValue('');
  // Put on Today by the field, and planned for tomorrow.
  await expect(page.getByRole('article', { name: 'Call mum, Tomorrow' })).toBeVisible();
  await page.getByRole('link', { name: 'Upcoming' }).click();
  await expect(day(page, 'Tomorrow').getByRole('article', { name: 'Call mum, Tomorrow' })).toBeVisible();
});
