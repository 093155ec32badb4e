import type { Page } from '@playwright/test';
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
 * Edits that live updates respect (docs/product.md#dialog-lifecycle, "Changed elsewhere"): an edit
 * dialog open in one tab keeps what was typed when the same item is saved in another tab, says so and
 * lets the person choose; an item deleted there is said to be gone in the open dialog, which stays.
 * Two tabs of one person: two pages of one browser context.
 */

const isPhone = () => test.info().project.name === 'phone';
const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
const dialog = (page: Page) => page.getByRole('dialog');
const titleField = (page: Page) => dialog(page).getByRole('textbox', { name: 'Title' });

/** Today, with its live-update stream answered, so a change in the other tab reaches it. */
async function openToday(page: Page): Promise<void> {
  const stream = page.waitForResponse(
    (response) => response.url().endsWith('/api/events') && response.status() === 200,
  );
  await page.goto('/today');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(page.getByTestId('today-skeleton-row')).toHaveCount(0);
  await stream;
}

/** A card's menu entry: Edit and Delete are in the actions menu on every size. */
async function fromMenu(page: Page, title: string, entry: string): Promise<void> {
  await card(page, title)
    .getByRole('button', { name: `More actions for ${title}` })
    .click();
  await page.getByRole('menuitem', { name: entry }).click();
}

async function openEdit(page: Page, title: string): Promise<void> {
  if (isPhone()) await fromMenu(page, title, 'Edit task');
  else await card(page, title).getByRole('button', { name: 'Edit task' }).click();
  await expect(titleField(page)).toHaveValue(title);
}

/** Saves a new title from the other tab's own dialog, as a person at the other device would. */
async function renameThere(other: Page, from: string, to: string): Promise<void> {
  await openEdit(other, from);
  await titleField(other).fill(to);
  await dialog(other).getByRole('button', { name: 'Update' }).click();
  await expect(dialog(other)).toHaveCount(0);
}

// In the light theme the person keeps their own values, in the dark one takes the other tab's.
for (const theme of ['light', 'dark'] as const) {
  test(`an open edit keeps what was typed when another tab saves or deletes the item (${theme})`, {
    tag: '@phone',
  }, async ({ page }) => {
    // Two tabs, each with its own screen and live stream, and axe twice: a long journey.
    test.slow();
    const task = 'Buy milk';
    await signInByRequest(page, uniqueEmail('live-edits'));
    await post(page.request, '/api/tasks', { title: task, isToday: true });
    const other = await page.context().newPage();
    await openToday(other);
    await setTheme(page, theme);
    await openToday(page);

    // Typing here while the other tab saves the same task.
    await openEdit(page, task);
    await titleField(page).fill(`${task} today`);
    await renameThere(other, task, `${task} first`);
    const notice = dialog(page).getByRole('status').filter({ hasText: 'Changed on another device' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Its title was changed there.');
    await expect(titleField(page)).toHaveValue(`${task} today`);
    await expectNoA11yViolations(page);
    await snap(page, 'live-edit-changed', { fullPage: false });

    if (theme === 'light') {
      // Keep mine: the notice goes, focus is back in the title, and Update saves what was typed.
      await notice.getByRole('button', { name: 'Keep mine' }).click();
      await expect(notice).toHaveCount(0);
      await expect(titleField(page)).toBeFocused();
      await expect(titleField(page)).toHaveValue(`${task} today`);
      await dialog(page).getByRole('button', { name: 'Update' }).click();
      await expect(dialog(page)).toHaveCount(0);
      await expect(card(other, `${task} today`)).toBeVisible();
    } else {
      // Take the new values: the fields show what the other tab saved.
      await notice.getByRole('button', { name: 'Take the new values' }).click();
      await expect(notice).toHaveCount(0);
      await expect(titleField(page)).toHaveValue(`${task} first`);
      await expect(titleField(page)).toBeFocused();
      await dialog(page).getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog(page)).toHaveCount(0);
    }

    // Deleted in the other tab (its Undo toast closed, which sends the delete): the dialog stays open.
    const current = theme === 'light' ? `${task} today` : `${task} first`;
    await openEdit(page, current);
    await titleField(page).fill(`${current}, and soon`);
    await fromMenu(other, current, 'Delete task');
    const deleted = other.waitForResponse((response) => response.request().method() === 'DELETE');
    await other
      .getByRole('region', { name: /Notifications/ })
      .getByRole('button', { name: 'Close' })
      .click();
    expect((await deleted).status()).toBe(204);
    await expect(dialog(page).getByRole('alert')).toContainText('Deleted on another device');
    await expect(dialog(page).getByRole('alert')).toContainText('This task no longer exists');
    await expect(card(page, current)).toHaveCount(0);
    await expect(titleField(page)).toHaveValue(`${current}, and soon`);
    await expect(dialog(page).getByRole('button', { name: 'Update' })).toBeDisabled();
    await expectNoA11yViolations(page);
    await snap(page, 'live-edit-deleted', { fullPage: false });
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog(page)).toHaveCount(0);
    // Its opener went with the card: focus starts again from the main area, not the page's body.
    await expect(page.locator('#main')).toBeFocused();
    await other.close();
  });
}
