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
 * The small things a newcomer trips on: Delete with Undo on Today's cards
 * (docs/product.md#cards), toasts that hide nothing on a phone and collapse a run into one
 * (docs/product.md#toasts, docs/decisions/027-toast-placement.md), dialog buttons that never cover a
 * field (docs/product.md#dialog-lifecycle) and goal names that wrap rather than being cut.
 */

const isPhone = () => test.info().project.name === 'phone';
const card = (page: Page, title: string) => page.getByRole('article', { name: title });
const todayList = (page: Page) => page.getByRole('list', { name: 'Today items' });
const notifications = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const LONG_GOAL = 'Marathon training for the spring city race';

async function titles(list: Locator): Promise<string[]> {
  return list
    .getByRole('article')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''));
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

async function openToday(page: Page): Promise<void> {
  await page.goto('/today');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(page.getByTestId('today-skeleton-row')).toHaveCount(0);
}

async function seed(page: Page): Promise<void> {
  await signInByRequest(page, uniqueEmail('misses'));
  const goal = await post(page.request, '/api/goals', { title: LONG_GOAL, color: 'teal' });
  for (const [index, title] of ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'].entries())
    await post(page.request, '/api/tasks', { title, isToday: true, todaySortOrder: index });
  await post(page.request, '/api/tasks', {
    title: 'Long run',
    goalId: goal.id,
    isToday: true,
    todaySortOrder: 9,
  });
  await openToday(page);
}

test("Delete on a Today card's menu, with Undo", async ({ page }) => {
  await seed(page);
  await card(page, 'Bravo').getByRole('button', { name: 'More actions for Bravo' }).click();
  await page.getByRole('menuitem', { name: 'Delete task' }).click();
  await expect(notifications(page).getByText('Task deleted')).toBeVisible();
  await expect.poll(() => titles(todayList(page))).toEqual(['Alpha', 'Charlie', 'Delta', 'Echo', 'Long run']);
  await notifications(page).getByRole('button', { name: 'Undo' }).click();
  await expect
    .poll(() => titles(todayList(page)))
    .toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Long run']);

  // Without Undo the delete goes when the toast does, and stays gone.
  await card(page, 'Echo').getByRole('button', { name: 'More actions for Echo' }).click();
  await page.getByRole('menuitem', { name: 'Delete task' }).click();
  const deleted = page.waitForResponse(
    (response) => response.request().method() === 'DELETE' && response.url().includes('/api/tasks/'),
  );
  await notifications(page).getByRole('button', { name: 'Close' }).click();
  expect((await deleted).status()).toBe(204);
  await page.reload();
  await expect
    .poll(() => titles(todayList(page)))
    .toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Long run']);
});

test('a run of ticks is one toast, which on a phone leaves the title and the list uncovered', async ({
  page,
}) => {
  await seed(page);
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expect(page.getByTestId('today-skeleton-row')).toHaveCount(0);
    for (const title of ['Alpha', 'Bravo', 'Charlie', 'Delta']) {
      const checkbox = page.getByRole('checkbox', { name: `Complete ${title}` });
      await checkbox.click();
      await expect(checkbox).toBeChecked();
      await expect(notifications(page).getByText(`“${title}” is done.`)).toBeVisible();
      // One toast the whole time, not one per tick.
      await expect(notifications(page).locator('li')).toHaveCount(1);
    }
    const toast = notifications(page).locator('li');
    await expect(toast).toHaveAttribute('data-continued', 'true');
    const toastBox = await box(toast);
    const heading = await box(page.getByRole('heading', { level: 1, name: 'Today' }));
    if (isPhone()) {
      const header = await box(page.getByRole('banner'));
      // Inside the header's band: above the page's title and everything under it.
      expect(toastBox.y).toBeGreaterThanOrEqual(0);
      expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(header.y + header.height);
      expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(heading.y);
    } else {
      // Bottom-right from sm, at most 420 px wide.
      const viewport = page.viewportSize() ?? { width: 0, height: 0 };
      expect(toastBox.width).toBeLessThanOrEqual(420);
      expect(toastBox.x + toastBox.width).toBeGreaterThan(viewport.width - 40);
      expect(toastBox.y).toBeGreaterThan(viewport.height / 2);
    }
    await expectNoA11yViolations(page);
    await snap(page, 'toast-run', { fullPage: false });
    // Untick for the other theme's run (unticking shows no toast).
    for (const title of ['Alpha', 'Bravo', 'Charlie', 'Delta']) {
      const checkbox = page.getByRole('checkbox', { name: `Complete ${title}` });
      await checkbox.click();
      await expect(checkbox).not.toBeChecked();
    }
  }
});

test('a goal name on a Today card wraps rather than being cut', async ({ page }) => {
  await seed(page);
  const name = card(page, 'Long run').getByText(LONG_GOAL);
  await expect(name).toBeVisible();
  const cut = await name.evaluate((node) => node.scrollWidth > node.clientWidth + 1);
  expect(cut).toBe(false);
  await expect(name).toHaveText(LONG_GOAL);
});

test('the dialog buttons never cover a field', async ({ page }) => {
  await seed(page);
  await page.getByRole('button', { name: 'Add new item' }).click();
  const dialog = page.getByRole('dialog');
  // The tallest form: a goal, with its description, colours and habit switch.
  await dialog.getByRole('radio', { name: /Goal/ }).click();
  await dialog.evaluate((node) => {
    node.scrollTop = node.scrollHeight;
  });
  // The buttons' bar (its own background included) starts below the last field's border.
  const footerOf = (button: string) => box(dialog.getByRole('button', { name: button }).locator('xpath=..'));
  const lastField = await box(
    dialog.getByRole('switch', { name: 'Habit Goal' }).locator('xpath=ancestor::div[1]'),
  );
  expect((await footerOf('Create')).y).toBeGreaterThanOrEqual(lastField.y + lastField.height);
  await snap(page, 'dialog-goal-bottom', { fullPage: false });
  await page.keyboard.press('Escape');

  // A task's edit form, taller than the window since descriptions and priorities: scrolled to its
  // end, the goal select, its last field, is clear of the buttons.
  await card(page, 'Alpha').getByRole('button', { name: 'More actions for Alpha' }).click();
  await page.getByRole('menuitem', { name: 'Edit task' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Goal' })).toBeAttached();
  await dialog.evaluate((node) => {
    node.scrollTop = node.scrollHeight;
  });
  const select = await box(dialog.getByRole('combobox', { name: 'Goal' }));
  expect((await footerOf('Update')).y).toBeGreaterThanOrEqual(select.y + select.height);
});
