import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, post, setTheme, signInByRequest, snap, test } from './fixtures';

/*
 * Search (docs/product.md#search) and keyboard shortcuts (docs/product.md#keyboard-shortcuts): a
 * person finds and opens an item, and works through a list, with the keyboard alone.
 */

const combobox = (page: Page) => page.getByRole('combobox', { name: 'Search goals, tasks and habits' });
const results = (page: Page) => page.getByRole('listbox', { name: 'Results' }).getByRole('option');
const notifications = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const focusedCard = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[data-card]')?.getAttribute('aria-label') ?? null);

/** Switches the theme's class without a reload, so an open dialog stays open. */
async function setThemeInPlace(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
}

test('search by keyboard: "/" opens it, arrows move, Enter opens the item, Esc gives focus back', async ({
  page,
}) => {
  // Two axe runs (one per theme) with the dialog open, besides the journey itself.
  test.slow();
  await signInByRequest(page);
  const goal = await post(page.request, '/api/goals', {
    title: 'Health',
    description: 'Run a marathon in spring',
    color: 'emerald',
  });
  await post(page.request, '/api/tasks', { title: 'Buy running shoes', goalId: goal.id });
  await post(page.request, '/api/tasks', { title: 'Running plan' });
  await post(page.request, '/api/tasks', { title: 'قراءة القرآن' });
  await post(page.request, '/api/habits', { title: 'Stretch' });
  await page.goto('/all-items');
  await expect(page.getByRole('article', { name: 'Running plan' })).toBeVisible({ timeout: 15_000 });

  const opener = page.getByRole('button', { name: 'Add Item' });
  await opener.focus();
  await page.keyboard.press('/');
  await expect(combobox(page)).toBeFocused();
  await page.keyboard.type('run');
  // The goal is found by its description, whose line shows under its title.
  await expect(results(page)).toHaveText([
    'TaskRunning plan',
    'TaskBuy running shoes',
    'GoalHealthRun a marathon in spring',
  ]);
  for (const theme of ['light', 'dark'] as const) {
    await setThemeInPlace(page, theme);
    await expectNoA11yViolations(page);
    await snap(page, 'search-open', { fullPage: false });
  }
  await page.keyboard.press('ArrowDown');
  await expect(results(page).nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: 'Edit Item' });
  await expect(edit.getByRole('textbox', { name: /Title/ })).toHaveValue('Buy running shoes');
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(opener).toBeFocused();

  // An Arabic title, typed without its hamza and with a taa marbuta written as haa; Esc gives focus back.
  await page.keyboard.press('/');
  await expect(combobox(page)).toBeFocused();
  await page.keyboard.type('قراءه القران');
  await expect(results(page)).toHaveText(['Taskقراءة القرآن']);
  await page.keyboard.press('Escape');
  await expect(combobox(page)).toBeHidden();
  await expect(opener).toBeFocused();

  // Offline, search still answers from the lists already seen.
  await page.context().setOffline(true);
  await page.keyboard.press('/');
  await expect(combobox(page)).toBeFocused();
  await page.keyboard.type('marathon');
  await expect(results(page)).toHaveText(['GoalHealthRun a marathon in spring']);
  await page.context().setOffline(false);
});

test('the search button opens search on a phone', { tag: '@phone' }, async ({ page }) => {
  await signInByRequest(page);
  await post(page.request, '/api/tasks', { title: 'Call the bank', isToday: true, todaySortOrder: 0 });
  await page.goto('/today');
  await expect(page.getByRole('article', { name: 'Call the bank' })).toBeVisible({ timeout: 15_000 });
  const button = page.getByRole('button', { name: 'Search', exact: true });
  await button.click();
  await expect(combobox(page)).toBeFocused();
  await page.keyboard.type('bank');
  await expect(results(page)).toHaveText(['TaskCall the bank']);
  for (const theme of ['light', 'dark'] as const) {
    await setThemeInPlace(page, theme);
    await expectNoA11yViolations(page);
    await snap(page, 'search-phone', { fullPage: false });
  }
  await results(page).first().click();
  await expect(page.getByRole('dialog', { name: 'Edit Item' })).toBeVisible();
});

/** Where a text field's text may go: its box inside the border and padding, in page pixels. */
async function textBox(field: ReturnType<Page['getByRole']>) {
  return field.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    const inset = (side: 'Left' | 'Right') =>
      Number.parseFloat(style[`border${side}Width`]) + Number.parseFloat(style[`padding${side}`]);
    return { left: box.left + inset('Left'), right: box.right - inset('Right') };
  });
}

test('Arabic text in the search and quick add fields keeps clear of their icons and buttons', async ({
  page,
}) => {
  await signInByRequest(page);
  await page.goto('/today');
  const quickAdd = page.getByRole('textbox', { name: 'New task on Today' });
  await quickAdd.fill('مراجعة التقرير الشهري');
  const save = await page.getByRole('button', { name: 'Save new task' }).boundingBox();
  expect((await textBox(quickAdd)).right).toBeLessThanOrEqual(save?.x ?? 0);
  await quickAdd.fill('');
  await quickAdd.blur();
  await page.keyboard.press('/');
  await combobox(page).fill('التقرير');
  const icon = await combobox(page).locator('xpath=../*[name()="svg"]').boundingBox();
  expect((await textBox(combobox(page))).left).toBeGreaterThanOrEqual((icon?.x ?? 0) + (icon?.width ?? 0));
});

test('keyboard only: j/k, x, t, e, Delete with Undo, 1 to 4, g then a, and "?"', async ({ page }) => {
  await signInByRequest(page);
  for (const [index, title] of ['Alpha', 'Bravo', 'Charlie'].entries())
    await post(page.request, '/api/tasks', { title, sortOrder: index, isToday: true, todaySortOrder: index });
  await setTheme(page, 'light');
  await page.goto('/today');
  await expect(page.getByRole('article', { name: 'Charlie' })).toBeVisible();

  await page.keyboard.press('j');
  await expect.poll(() => focusedCard(page)).toBe('Alpha');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await expect.poll(() => focusedCard(page)).toBe('Bravo');
  await expect(page.getByRole('article', { name: 'Bravo' })).toHaveCSS('outline-style', 'solid');
  await snap(page, 'keys-focused-card', { fullPage: false });

  // x completes the card in focus, as its checkbox does.
  await page.keyboard.press('x');
  await expect(page.getByRole('checkbox', { name: 'Complete Bravo' })).toBeChecked();

  // e opens its edit dialog; Esc gives focus back to the card.
  await page.keyboard.press('e');
  const edit = page.getByRole('dialog', { name: 'Edit Item' });
  await expect(edit.getByRole('textbox', { name: /Title/ })).toHaveValue('Bravo');
  // Keys typed in the dialog are the dialog's: "j" goes into the title.
  await page.keyboard.press('End');
  await page.keyboard.type('j');
  await expect(edit.getByRole('textbox', { name: /Title/ })).toHaveValue('Bravoj');
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect.poll(() => focusedCard(page)).toBe('Bravo');

  // Delete, with Undo, as the card's menu does; focus moves on to the next card.
  await page.keyboard.press('Delete');
  await expect(notifications(page).getByText('Task deleted', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Bravo' })).toBeHidden();
  await expect.poll(() => focusedCard(page)).toBe('Charlie');
  await notifications(page).getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('article', { name: 'Bravo' })).toBeVisible();

  // t takes the card in focus off Today; focus goes on to the card before it.
  await page.getByRole('article', { name: 'Charlie' }).focus();
  await page.keyboard.press('t');
  await expect(page.getByRole('article', { name: 'Charlie' })).toBeHidden();
  await expect.poll(() => focusedCard(page)).toBe('Bravo');

  // 1 to 4 set the priority of the task in focus: 1 is high, as Todoist's keys; 4 is none.
  await page.keyboard.press('1');
  await expect(page.getByRole('article', { name: 'Bravo, High priority' })).toBeVisible();
  await expect(notifications(page).getByText('“Bravo” is high priority.')).toBeVisible();
  await expect.poll(() => focusedCard(page)).toBe('Bravo, High priority');
  await page.keyboard.press('4');
  await expect(page.getByRole('article', { name: 'Bravo' })).toBeVisible();

  // g then a goes to All Items; "?" lists the shortcuts.
  await page.keyboard.press('g');
  await page.keyboard.press('a');
  await expect(page).toHaveURL(/\/all-items$/);
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('Go to Upcoming');
  await expectNoA11yViolations(page);
  await snap(page, 'keys-help', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
});
