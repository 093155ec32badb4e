import type { Locator, Page } from '@playwright/test';
import {
  expect,
  expectNoA11yViolations,
  post,
  setTheme,
  signInByRequest,
  snap,
  test,
  uniqueEmail,
} from './fixtures';

/*
 * A desktop window looks like a desktop app (docs/product.md#signed-in-chrome): from 1024 px the
 * navigation is a side bar under the header, there is no bottom tab bar, and the content takes the
 * room beside it; phones keep the bottom bar.
 */

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

async function seed(page: Page): Promise<void> {
  await signInByRequest(page, uniqueEmail('desktop'));
  const { id: goalId } = await post(page.request, '/api/goals', { title: 'Half marathon', color: 'teal' });
  await post(page.request, '/api/tasks', { title: 'Long run on Sunday', goalId, isToday: true });
  await post(page.request, '/api/tasks', { title: 'Book the physio', isToday: true, plannedFor: null });
  await post(page.request, '/api/habits', { title: 'Stretch', isToday: true });
}

async function open(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** The side bar: down the left edge under the 64 px header, its entries one under another. */
async function expectSideBar(page: Page): Promise<void> {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('no viewport');
  const bar = await box(nav(page));
  expect(bar.x).toBe(0);
  expect(bar.y).toBe(64);
  expect(bar.width).toBe(240);
  expect(bar.y + bar.height).toBe(viewport.height);
  const today = await box(nav(page).getByRole('link', { name: 'Today' }));
  const upcoming = await box(nav(page).getByRole('link', { name: 'Upcoming' }));
  expect(upcoming.y).toBeGreaterThan(today.y + today.height - 1);
  expect(upcoming.x).toBe(today.x);
  // Nothing is fixed along the bottom edge: no tab bar, and the main area starts right of the bar.
  const main = await box(page.locator('main'));
  expect(main.x).toBe(240);
}

test('from 1024 px the navigation is a side bar, with no tab bar, and the rows use the room', async ({
  page,
}) => {
  await seed(page);
  for (const width of [1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await open(page, '/today', 'Today');
    await expectSideBar(page);
    const row = await box(card(page, 'Long run on Sunday'));
    expect(row.x).toBeGreaterThanOrEqual(240);
    expect(row.x + row.width).toBeLessThanOrEqual(width);
    // At 1280 px a row is at least 640 px wide (the measure of "uses the room").
    if (width === 1280) expect(row.width).toBeGreaterThanOrEqual(640);
    await snap(page, `desktop-${width}-today`, { fullPage: false });
    await open(page, '/all-items', 'All Items');
    await expectSideBar(page);
    await snap(page, `desktop-${width}-all-items`, { fullPage: false });
  }
});

// Every screen beside the side bar at 1280 px, axe clean, in each theme.
for (const theme of ['light', 'dark'] as const) {
  test(`Upcoming, settings, Today, a dialog and Execution Mode at 1280 px (${theme})`, async ({ page }) => {
    test.slow();
    await seed(page);
    await setTheme(page, theme);
    await open(page, '/upcoming', 'Upcoming');
    await expectSideBar(page);
    await expectNoA11yViolations(page);
    await snap(page, 'desktop-upcoming', { fullPage: false });

    await open(page, '/settings', 'Account settings');
    await expectSideBar(page);
    await expectNoA11yViolations(page);
    await snap(page, 'desktop-settings', { fullPage: false });

    await open(page, '/today', 'Today');
    await page.getByRole('button', { name: 'Edit task' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoA11yViolations(page);
    await snap(page, 'desktop-dialog', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('button', { name: 'Execute Mode' }).click();
    await expect(page.getByRole('heading', { name: 'Execution Mode' })).toBeVisible();
    await expectSideBar(page);
    await expectNoA11yViolations(page);
    await snap(page, 'desktop-execution', { fullPage: false });
  });
}

test('phones keep the bottom tab bar, at 390 and at 320 px', { tag: '@phone-only' }, async ({ page }) => {
  await seed(page);
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 740 });
    await open(page, '/today', 'Today');
    const bar = await box(nav(page));
    expect(bar.x).toBe(0);
    expect(bar.width).toBe(width);
    expect(bar.y + bar.height).toBe(740);
    const today = await box(nav(page).getByRole('link', { name: 'Today' }));
    const allItems = await box(nav(page).getByRole('link', { name: 'All Items' }));
    expect(allItems.y).toBe(today.y);
    // The page's margin is the phone's 16 px, with nothing beside it, and the rows take the rest.
    expect((await box(page.getByRole('heading', { level: 1, name: 'Today' }))).x).toBe(16);
    expect((await box(page.getByRole('list', { name: 'Today items' }))).width).toBe(width - 32);
    await snap(page, `phone-${width}-today`, { fullPage: false });
  }
});
