import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, post, signInByRequest, snap, test, uniqueEmail } from './fixtures';

/*
 * A task's labels from end to end in the browser (docs/product.md#labels, docs/decisions/051-labels.md):
 * read from quick add's "@words", shown on the card, edited in the item dialog, found by search.
 */

async function openToday(page: Page): Promise<void> {
  await page.goto('/today');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(page.getByTestId('today-skeleton-row')).toHaveCount(0);
}

test("a task's labels: typed in quick add, shown on the card, edited in the dialog, found by search", async ({
  page,
}) => {
  await signInByRequest(page, uniqueEmail('labels'));
  await post(page.request, '/api/tasks', {
    id: crypto.randomUUID(),
    title: 'Call the garage',
    isToday: true,
    labels: ['calls', 'car'],
  });
  await openToday(page);

  const quick = page.getByRole('textbox', { name: 'New task on Today' });
  await quick.fill('Buy bread @errands @مشتريات');
  const chips = page.getByRole('list', { name: 'Read from your words' });
  await expect(chips.getByRole('listitem')).toHaveText(['Label: @errands', 'Label: @مشتريات']);
  await expectNoA11yViolations(page);
  await quick.press('Enter');
  const bread = page.getByRole('article', { name: 'Buy bread, labels errands, مشتريات' });
  await expect(bread.getByText('@errands @مشتريات')).toBeVisible();
  await snap(page, 'labels-today');

  await bread.getByText('Buy bread', { exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Item' });
  const line = dialog.getByRole('textbox', { name: /^Labels/ });
  await expect(line).toHaveValue('errands مشتريات');
  await dialog.getByRole('button', { name: 'Add label “calls”' }).click();
  await expect(line).toHaveValue('errands مشتريات calls');
  await expectNoA11yViolations(page);
  await snap(page, 'labels-dialog');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog).toHaveCount(0);

  // Kept by the server: a reload shows it.
  await page.reload();
  await expect(page.getByTestId('today-skeleton-row')).toHaveCount(0);
  await expect(
    page.getByRole('article', { name: 'Buy bread, labels errands, مشتريات, calls' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Search' }).click();
  const search = page.getByRole('combobox', { name: 'Search goals, tasks and habits' });
  await search.fill('@CAL');
  const results = page.getByRole('listbox', { name: 'Results' }).getByRole('option');
  await expect(results).toHaveText(['TaskCall the garage@calls', 'TaskBuy bread@calls']);
  await expectNoA11yViolations(page);
});
