import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, openAddTaskInGoal, post, signIn, snap, test } from './fixtures';

/*
 * The item dialog as a person meets it on a phone and a desktop (docs/product.md#dialog-lifecycle,
 * docs/product.md#form-rules): Back closes it, limits show before they are hit, a failure is told inside
 * the dialog in the server's words, and the line under the title fits where it was opened.
 */

const dialog = (page: Page) => page.getByRole('dialog');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function openScreen(page: Page, name: 'Today' | 'All Items'): Promise<void> {
  await nav(page).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('Back closes an open dialog and stays on the screen; the next Back leaves it', {
  tag: '@phone',
}, async ({ page }) => {
  await signIn(page);
  await openScreen(page, 'All Items');
  await openScreen(page, 'Today');

  const todayUrl = page.url();
  await page.getByRole('button', { name: 'Add new item' }).click();
  await expect(dialog(page)).toBeVisible();
  await page.goBack();
  await expect(dialog(page)).toHaveCount(0);
  expect(page.url()).toBe(todayUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();

  // Closed by its own button, the dialog leaves no extra step behind: one Back leaves the screen.
  await page.getByRole('button', { name: 'Add new item' }).click();
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/all-items$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Items' })).toBeVisible();
});

test('limits show near them, are checked before sending, and a refusal is told inside the dialog', async ({
  page,
}) => {
  await signIn(page);
  await openScreen(page, 'Today');
  await page.getByRole('button', { name: 'Add new item' }).click();
  const title = dialog(page).getByRole('textbox', { name: 'Title' });

  await title.fill('x'.repeat(150));
  await expect(dialog(page).getByText('/ 200')).toHaveCount(0);
  await title.fill('x'.repeat(170));
  await expect(dialog(page).getByText('170 / 200')).toBeVisible();
  await title.fill('x'.repeat(201));
  await expect(dialog(page).getByText('201 / 200')).toBeVisible();
  let sent = 0;
  await page.route('**/api/tasks', (route) => {
    sent += 1;
    return route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Title must not contain control characters' }),
    });
  });
  await dialog(page).getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog(page).getByText('Title must be at most 200 characters')).toBeVisible();
  expect(sent, 'a title over the limit is not sent').toBe(0);

  // The server's own words, inside the dialog, never the status line or JSON; no toast over the dialog.
  await title.fill('Call the plumber');
  await dialog(page).getByRole('button', { name: 'Create Task' }).click();
  const failure = dialog(page).getByRole('alert').filter({ hasText: 'Could not create task' });
  await expect(failure).toContainText('Title must not contain control characters');
  await expect(failure).not.toContainText('400');
  await expect(page.getByText('Could not create task', { exact: true })).toHaveCount(1);
  expect(sent).toBe(1);
  await expectNoA11yViolations(page);
  await snap(page, 'dialog-inline-failure', { fullPage: false });
});

test("a dialog opened inside a goal offers that goal's task, not a goal", async ({ page }) => {
  await signIn(page);
  await post(page.request, '/api/goals', { title: 'Garden', color: 'green' });
  await openScreen(page, 'All Items');
  const garden = page.getByRole('region', { name: 'Garden', exact: true });
  await openAddTaskInGoal(page, garden, 'Garden');
  await expect(dialog(page).getByText('Add a task to this goal.')).toBeVisible();
  await expect(dialog(page).getByText('Add a goal, a task or a habit.')).toHaveCount(0);
});

test("the bulk form's buttons stay on screen however tall the dialog is", { tag: '@phone' }, async ({
  page,
}) => {
  await signIn(page);
  await openScreen(page, 'All Items');
  await page.getByRole('button', { name: 'Add Item' }).click();
  await dialog(page).getByRole('tab', { name: 'Bulk' }).click();
  await dialog(page).getByRole('textbox', { name: 'Tasks' }).fill('Buy milk\nCall the bank');
  await expect(dialog(page).getByRole('button', { name: 'Create 2 Tasks' })).toBeInViewport({ ratio: 1 });
  await expect(dialog(page).getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
});
