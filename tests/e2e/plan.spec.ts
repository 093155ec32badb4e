import type { Page } from '@playwright/test';
import { dayHeading } from '#shared/domain/day-labels';
import { addDays, dayAt, msUntilNextDay } from '#shared/domain/days';
import {
  dragHandleTo,
  expect,
  expectNoA11yViolations,
  liftByKeyboard,
  post,
  setTheme,
  signInByRequest,
  snap,
  test,
} from './fixtures';

/*
 * Planning beyond today (docs/product.md#upcoming-screen, docs/product.md#words-in-quick-add,
 * docs/product.md#fresh-today): a task moves between the days of Upcoming by mouse, touch, keyboard
 * and its "Move to…" menu, quick add reads "tomorrow" out of the title, and Today starts fresh when the
 * person's day moves on.
 */

/** The person's day as the server counts it: the browser's zone (sent on every call), day start 0:00. */
async function personsDay(page: Page): Promise<string> {
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  return dayAt(new Date(), zone, 0);
}

const day = (page: Page, heading: string) => page.getByRole('region', { name: heading, exact: true });

/** Signs in with one task planned for tomorrow and opens Upcoming. */
async function upcomingWithTask(page: Page, title: string) {
  await signInByRequest(page);
  const today = await personsDay(page);
  await post(page.request, '/api/tasks', { title, plannedFor: addDays(today, 1) });
  await page.goto('/upcoming');
  await expect(day(page, 'Tomorrow').getByRole('article', { name: title, exact: true })).toBeVisible();
  return today;
}

/** Drags `title`'s grip onto the middle of the day headed `heading` (a mouse, or a finger on the phone). */
async function dragToDay(page: Page, title: string, heading: string): Promise<void> {
  await day(page, heading).scrollIntoViewIfNeeded();
  const target = await day(page, heading).boundingBox();
  if (!target) throw new Error('the day is not laid out');
  const handle = page.getByRole('button', { name: `Move ${title} to another day` });
  await dragHandleTo(page, handle, target.y + target.height / 2);
}

test('Upcoming: a task dragged onto another day is planned for it, also after a reload', {
  tag: '@phone',
}, async ({ page }) => {
  const today = await upcomingWithTask(page, 'Call mum');
  const target = dayHeading(addDays(today, 3), today);
  await dragToDay(page, 'Call mum', target);
  await expect(page.locator('[id^="DndLiveRegion"]')).toHaveText(`Call mum moved to ${target}.`);
  await expect(day(page, target).getByRole('article', { name: 'Call mum', exact: true })).toBeVisible();
  await expect(day(page, 'Tomorrow').getByText('Nothing planned')).toBeVisible();
  await page.reload();
  await expect(day(page, target).getByRole('article', { name: 'Call mum', exact: true })).toBeVisible();
});

test('Upcoming: the keyboard moves a task a day at a time, with announcements', async ({ page }) => {
  const today = await upcomingWithTask(page, 'Pay rent');
  // The handle moves the task to another day, and says so: nothing on Upcoming is a reorder.
  const handle = page.getByRole('button', { name: 'Move Pay rent to another day' });
  await expect(page.getByRole('button', { name: /^Reorder / })).toHaveCount(0);
  await liftByKeyboard(page, handle, /Picked up Pay rent, planned for tomorrow/);
  await page.keyboard.press('ArrowDown');
  const next = dayHeading(addDays(today, 2), today);
  await expect(page.locator('[id^="DndLiveRegion"]', { hasText: `Pay rent is over ${next}` })).toHaveCount(1);
  await page.keyboard.press('Space');
  await expect(page.locator('[id^="DndLiveRegion"]', { hasText: `Pay rent moved to ${next}` })).toHaveCount(
    1,
  );
  await expect(day(page, next).getByRole('article', { name: 'Pay rent', exact: true })).toBeVisible();
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
  await expect(day(page, 'Today').getByRole('article', { name: 'Book dentist', exact: true })).toBeVisible();
  await expect(page.getByText('“Book dentist” is planned for today.').first()).toBeVisible();
  expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expectNoA11yViolations(page);
  await snap(page, 'upcoming', { fullPage: false });
  await setTheme(page, 'dark');
  await expect(day(page, 'Today').getByRole('article', { name: 'Book dentist', exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await snap(page, 'upcoming', { fullPage: false });
});

test('Today: "Plan all for today" plans the overdue tasks for today, and Undo puts each back on its day', {
  tag: '@phone',
}, async ({ page }) => {
  await signInByRequest(page);
  const today = await personsDay(page);
  await post(page.request, '/api/tasks', { title: 'Pay rent', plannedFor: addDays(today, -3) });
  // A repeating task: only this occurrence moves (docs/product.md#repeats).
  await post(page.request, '/api/tasks', {
    title: 'Water the plants',
    plannedFor: addDays(today, -1),
    repeat: 'FREQ=DAILY',
  });
  await post(page.request, '/api/tasks', { title: 'Email Sam', isToday: true });
  await page.goto('/today');
  const card = (name: RegExp) => page.getByRole('article', { name });
  await expect(card(/^Pay rent, Overdue since /)).toBeVisible();
  await expect(card(/^Water the plants, Overdue since .*, Every day$/)).toBeVisible();
  await expect(page.getByText('2 overdue', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Plan all for today' }).click();
  await expect(page.getByText('2 overdue tasks are planned for today.', { exact: true })).toBeVisible();
  await expect(page.locator('[data-overdue]')).toHaveCount(0);
  await expect(page.getByText('2 overdue', { exact: true })).toHaveCount(0);
  await expect(card(/^Pay rent, Today$/)).toBeVisible();
  await expect(card(/^Water the plants, Today, Every day$/)).toBeVisible();
  await expect(card(/^Email Sam$/)).toBeVisible();
  // Newly planned, they went to the end of Today; the button left with the line, and focus went on to
  // the first card, not the page.
  const names = () =>
    page.getByRole('article').evaluateAll((cards) => cards.map((node) => node.getAttribute('aria-label')));
  await expect.poll(names).toEqual(['Email Sam', 'Pay rent, Today', 'Water the plants, Today, Every day']);
  await expect(card(/^Email Sam$/)).toBeFocused();

  // Undo puts each back on the day it had, in one call (decision 047): a reload right after the press
  // finds both red again.
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.reload();
  await expect(card(/^Pay rent, Overdue since /)).toBeVisible();
  await expect(card(/^Water the plants, Overdue since .*, Every day$/)).toBeVisible();
  await expect(page.locator('[data-overdue]')).toHaveCount(2);
});

test('quick add in words: "Call mum tomorrow at 9am p1" shows chips, then makes "Call mum" planned for tomorrow, reminded at 9:00, high priority', {
  tag: '@phone',
}, async ({ page }) => {
  await signInByRequest(page);
  await page.goto('/today');
  const field = page.getByRole('textbox', { name: 'New task on Today' });
  await field.pressSequentially('Call mum tomorrow at 9am p1');
  const chips = page.getByRole('list', { name: 'Read from your words' });
  await expect(chips.getByRole('listitem')).toHaveText([
    'Day: Tomorrow',
    'Reminder: 9:00',
    'Priority: High priority',
  ]);
  // This browser has not been switched on for reminders: the line says so, with the switch at hand.
  await expect(page.getByText('Reminders are off on this device.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Switch reminders on' })).toBeVisible();
  await expectNoA11yViolations(page);
  await snap(page, 'quick-add-words', { fullPage: false });
  await field.press('Enter');
  await expect(field).toHaveValue('');
  // Put on Today by the field, planned for tomorrow, with its reminder and its priority's flag.
  const card = page.getByRole('article', { name: 'Call mum, High priority, Tomorrow, Reminder at 9:00' });
  await expect(card).toBeVisible();
  await expect(card.getByText('High', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Upcoming' }).click();
  await expect(
    day(page, 'Tomorrow').getByRole('article', {
      name: 'Call mum, High priority, Reminder at 9:00',
      exact: true,
    }),
  ).toBeVisible();
});

/*
 * The server reads a real clock, so a journey can move the person's day only by what the person
 * controls: their zone. A daylight-saving change happens at one instant a year in a zone, which no
 * journey can wait for honestly: src/shared/domain/days.test.ts walks those weeks (New York, London,
 * day start 0:00 and 4:00) table by table, and tests/server/planning.test.ts ("A fresh Today each day")
 * crosses a 4:00 day start with an injected clock.
 */
test.describe('when the person’s day moves on', () => {
  // Far west: the person's day here is always one or two days behind Kiritimati's.
  test.use({ timezoneId: 'Pacific/Pago_Pago' });

  test('the fresh Today: a task done on an earlier day has left, an unfinished one stays, a planned one is overdue; axe clean in both themes', {
    tag: '@phone',
  }, async ({ page }) => {
    // Two themes with axe each, and settings on the way: more than the default minute on a busy machine.
    test.slow();
    // Its first half needs one Pago Pago day from start to end: a run that could straddle that midnight
    // (11:00 UTC) waits for the new day first, at most the half's generous minute. Not a retry: the
    // journey runs once, on a day it can finish in.
    const toMidnight = msUntilNextDay(new Date(), 'Pacific/Pago_Pago', 0);
    if (toMidnight < 60_000) await page.waitForTimeout(toMidnight + 1_000);
    await signInByRequest(page);
    const today = await personsDay(page);
    await post(page.request, '/api/tasks', { title: 'Water the plants', isToday: true });
    await post(page.request, '/api/tasks', { title: 'Call the bank', isToday: true });
    await post(page.request, '/api/tasks', { title: 'Pay rent', plannedFor: today });
    await page.goto('/today');
    const card = (name: string | RegExp) => page.getByRole('article', { name });
    const water = card('Water the plants').getByRole('checkbox', { name: 'Complete Water the plants' });
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.url().includes('/api/tasks/'),
    );
    await water.click({ force: true });
    await expect(water).toBeChecked();
    expect((await saved).ok()).toBe(true);
    await expect(card('Pay rent, Today')).toBeVisible();

    // The server's clock is real: the person's day moves on because they fly to the far east, where it
    // is always a later day than in Pago Pago, and say so in the settings.
    await page.goto('/settings');
    await page.getByLabel('Time zone').selectOption('Pacific/Kiritimati');
    await expect(page.getByText(/Stride is using Pacific\/Kiritimati\.$/)).toBeVisible();

    await page.goto('/today');
    await expect(card('Call the bank')).toBeVisible();
    await expect(card(/^Pay rent, Overdue since /)).toBeVisible();
    await expect(card('Water the plants')).toHaveCount(0);
    await expectNoA11yViolations(page);
    await snap(page, 'fresh-today', { fullPage: false });
    await setTheme(page, 'dark');
    await expect(card('Call the bank')).toBeVisible();
    await expect(card('Water the plants')).toHaveCount(0);
    await expectNoA11yViolations(page);
    await snap(page, 'fresh-today', { fullPage: false });

    // It is not gone: All Items keeps it, ticked, until it is cleared.
    await page.goto('/all-items');
    await expect(page.getByRole('checkbox', { name: 'Complete Water the plants' })).toBeChecked();
  });
});
