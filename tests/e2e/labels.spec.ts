import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoA11yViolations, post, signInByRequest, snap, test, uniqueEmail } from './fixtures';

/*
 * A task's labels from end to end (docs/product.md#labels, docs/decisions/051-labels.md): read out of
 * quick add's line, shown on the card, edited in the item dialog with the person's other labels at
 * hand, kept by the server, and found by search.
 */

async function labelsOf(request: APIRequestContext, title: string): Promise<string[] | undefined> {
  const tasks = (await (await request.get('/api/tasks')).json()) as Array<{
    title: string;
    labels: string[];
  }>;
  return tasks.find((task) => task.title === title)?.labels;
}

test("labels: typed in quick add, shown on the card, edited in the dialog with the person's others offered, found by search", {
  tag: '@phone',
}, async ({ page }) => {
  await signInByRequest(page, uniqueEmail('labels'));
  await post(page.request, '/api/tasks', { title: 'Return the parcel', isToday: true, labels: ['calls'] });
  await page.goto('/today');
  const field = page.getByRole('textbox', { name: 'New task on Today' });
  await field.pressSequentially('Buy stamps @errands @post-office at 9:05');
  const chips = page.getByRole('list', { name: 'Read from your words' });
  // In the line's order; the "@" is drawn, not read aloud ("Label: errands").
  await expect(chips.getByRole('listitem')).toHaveText([
    'Label: @errands',
    'Label: @post-office',
    'Reminder: Today, 9:05',
  ]);
  await field.press('Enter');
  const card = page.getByRole('article', { name: /^Buy stamps, .*labels errands, post-office$/ });
  await expect(card).toBeVisible();
  await expect(card.getByText('@errands @post-office')).toBeVisible();
  await expect.poll(() => labelsOf(page.request, 'Buy stamps')).toEqual(['errands', 'post-office']);

  // An Arabic label is a word like any other, and reads right to left on its card.
  await field.pressSequentially('اتصل بأحمد @مكالمات');
  await field.press('Enter');
  await expect(page.getByRole('article', { name: 'اتصل بأحمد, label مكالمات' })).toBeVisible();
  await expectNoA11yViolations(page);
  await snap(page, 'labels-today', { fullPage: false });

  // The dialog shows the labels as one line, and offers the person's other labels.
  await card.getByRole('button', { name: 'More actions for Buy stamps' }).click();
  await page.getByRole('menuitem', { name: 'Edit task' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Item' });
  const line = edit.getByRole('textbox', { name: 'Labels (optional)' });
  await expect(line).toHaveValue('errands post-office');
  await edit.getByRole('button', { name: 'Add label “calls”' }).click();
  await expect(line).toHaveValue('errands post-office calls');
  await line.fill('errands calls two words!');
  await edit.getByRole('button', { name: 'Update' }).click();
  // A word a label cannot be is named under the line, and nothing is sent.
  await expect(edit.getByText(/A label is one word/)).toBeVisible();
  await expect(line).toHaveAttribute('aria-invalid', 'true');
  await expectNoA11yViolations(page);
  await snap(page, 'labels-dialog', { fullPage: false });
  await line.fill('Errands @calls errands');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(edit).toHaveCount(0);
  await expect(page.getByRole('article', { name: /^Buy stamps, .*labels Errands, calls$/ })).toBeVisible();
  await expect.poll(() => labelsOf(page.request, 'Buy stamps')).toEqual(['Errands', 'calls']);

  await page.reload();
  await expect(page.getByRole('article', { name: /^Buy stamps, .*labels Errands, calls$/ })).toBeVisible();

  // "@" in search lists the tasks with a label starting so, in any case, across lists.
  await page.getByRole('button', { name: 'Search' }).click();
  const search = page.getByRole('combobox', { name: 'Search goals, tasks and habits' });
  await search.fill('@CAL');
  const results = page.getByRole('listbox', { name: 'Results' }).getByRole('option');
  await expect(results).toHaveText(['TaskReturn the parcel@calls', 'TaskBuy stamps@calls']);
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');

  // Account settings rename a label on every task at once.
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Rename label “calls”' }).click();
  const rename = page.getByLabel('New name for “calls”');
  await rename.fill('phone');
  await rename.press('Enter');
  await expect(page.getByText('“calls” is now “phone” on 2 tasks.').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rename label “phone”' })).toBeFocused();
  await expectNoA11yViolations(page);
  await snap(page, 'labels-settings', { fullPage: false });
  await expect.poll(() => labelsOf(page.request, 'Return the parcel')).toEqual(['phone']);
  await page.getByRole('link', { name: 'Today' }).click();
  await expect(page.getByRole('article', { name: /^Buy stamps, .*labels Errands, phone$/ })).toBeVisible();
});
