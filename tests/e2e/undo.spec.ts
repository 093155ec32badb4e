import type { Locator, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, post, signInByRequest, snap, test } from './fixtures';

/*
 * Undo (docs/product.md#undo): every toast for a completion, a task or habit deleted, Clear Today and
 * clearing completed tasks carries Undo for its 5 s, and Undo puts back exactly what was there.
 */

const titles = (list: Locator) =>
  list.getByRole('article').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')));
const notifications = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const undo = (page: Page) => notifications(page).getByRole('button', { name: 'Undo' });
const todayList = (page: Page) => page.getByRole('list', { name: 'Today items' });
const todos = (page: Page) => page.getByRole('list', { name: 'Todos' });

async function seed(page: Page): Promise<void> {
  for (const [index, title] of ['Alpha', 'Bravo', 'Charlie'].entries())
    await post(page.request, '/api/tasks', { title, sortOrder: index, isToday: true, todaySortOrder: index });
  await post(page.request, '/api/habits', { title: 'Stretch', isToday: true, todaySortOrder: 3 });
}

test('Undo a completion, a delete and Clear Today on Today: everything is back where it was', async ({
  page,
}) => {
  await signInByRequest(page);
  await seed(page);
  await page.goto('/today');
  const list = todayList(page);
  await expect.poll(() => titles(list)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Stretch']);

  // A habit ticked, then undone: not done, and its count back to 0 after a reload.
  await list.getByRole('checkbox', { name: 'Complete Stretch' }).click();
  await expect(notifications(page).getByText('Done for today', { exact: true })).toBeVisible();
  // The pointer rests on the toast, as a reader's would, which holds its 5 s while axe looks.
  await notifications(page).getByText('Done for today', { exact: true }).hover();
  await expectNoA11yViolations(page);
  await snap(page, 'undo-toast', { fullPage: false });
  await undo(page).click();
  await expect(list.getByRole('checkbox', { name: 'Complete Stretch' })).not.toBeChecked();

  // Clear Today, then Undo: the same four, in the same order.
  await page.getByRole('button', { name: 'Clear Today' }).click();
  await expect(notifications(page).getByText('Cleared Today', { exact: true })).toBeVisible();
  await expect(page.getByText('No items for today')).toBeVisible();
  await undo(page).click();
  await expect.poll(() => titles(todayList(page))).toEqual(['Alpha', 'Bravo', 'Charlie', 'Stretch']);

  await page.reload();
  await expect.poll(() => titles(todayList(page))).toEqual(['Alpha', 'Bravo', 'Charlie', 'Stretch']);
  await expect(todayList(page).getByRole('checkbox', { name: 'Complete Stretch' })).not.toBeChecked();
  const habits = (await (await page.request.get('/api/habits')).json()) as Array<{ completionCount: number }>;
  expect(habits.map((habit) => habit.completionCount)).toEqual([0]);
});

test('Undo a deleted task, a deleted habit and cleared completed tasks on All Items', async ({ page }) => {
  await signInByRequest(page);
  await seed(page);
  await post(page.request, '/api/tasks', { title: 'Done already', sortOrder: 3, completed: true });
  await page.goto('/all-items');
  await expect.poll(() => titles(todos(page))).toEqual(['Alpha', 'Bravo', 'Charlie', 'Done already']);

  await page.getByRole('button', { name: 'More actions for Bravo' }).click();
  await page.getByRole('menuitem', { name: 'Delete task' }).click();
  await expect(notifications(page).getByText('Task deleted')).toBeVisible();
  await expect.poll(() => titles(todos(page))).toEqual(['Alpha', 'Charlie', 'Done already']);
  await undo(page).click();
  await expect.poll(() => titles(todos(page))).toEqual(['Alpha', 'Bravo', 'Charlie', 'Done already']);

  await page.getByRole('button', { name: 'More actions for Stretch' }).click();
  await page.getByRole('menuitem', { name: 'Delete habit' }).click();
  await expect(page.getByRole('article', { name: 'Stretch' })).toHaveCount(0);
  await undo(page).click();
  await expect(page.getByRole('article', { name: 'Stretch' })).toBeVisible();

  await page.getByRole('button', { name: 'Clear completed todos' }).click();
  await expect(notifications(page).getByText('Completed tasks cleared')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Done already' })).toHaveCount(0);
  await undo(page).click();
  await expect(page.getByRole('article', { name: 'Done already' })).toBeVisible();

  await page.reload();
  await expect.poll(() => titles(todos(page))).toEqual(['Alpha', 'Bravo', 'Charlie', 'Done already']);
  await expect(page.getByRole('article', { name: 'Stretch' })).toBeVisible();
  await page.goto('/today');
  await expect.poll(() => titles(todayList(page))).toEqual(['Alpha', 'Bravo', 'Charlie', 'Stretch']);
});

test('without Undo the delete goes through when the toast does, and stays gone', async ({ page }) => {
  await signInByRequest(page);
  await seed(page);
  await page.goto('/all-items');
  await page.getByRole('button', { name: 'More actions for Alpha' }).click();
  await page.getByRole('menuitem', { name: 'Delete task' }).click();
  const deleted = page.waitForResponse(
    (response) => response.request().method() === 'DELETE' && response.url().includes('/api/tasks/'),
  );
  await notifications(page).getByRole('button', { name: 'Close' }).click();
  expect((await deleted).status()).toBe(204);
  await page.reload();
  await expect.poll(() => titles(todos(page))).toEqual(['Bravo', 'Charlie']);
});
