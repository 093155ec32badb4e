import type { Page } from '@playwright/test';
import { expect, post, signInByRequest, test, uniqueEmail } from './fixtures';

/*
 * Where keyboard focus goes (docs/product.md#cards, docs/product.md#dialog-lifecycle,
 * docs/product.md#execution-mode): a ticked box keeps it, a dialog opens in its Title and gives focus
 * back to what opened it however it closes (a card's Edit or menu when its title opened it), and Escape
 * and Back leave Execution Mode for Today.
 */

const dialog = (page: Page) => page.getByRole('dialog');
const card = (page: Page, title: string) => page.getByRole('article', { name: title });
const isPhone = () => test.info().project.name === 'phone';

async function openToday(page: Page): Promise<void> {
  await page.goto('/today');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(page.getByTestId('today-skeleton-row')).toHaveCount(0);
}

async function signInWithToday(page: Page): Promise<void> {
  await signInByRequest(page, uniqueEmail('focus'));
  const goal = await post(page.request, '/api/goals', { title: 'Run', color: 'teal', isHabitGoal: true });
  await post(page.request, '/api/tasks', { title: 'Write intro', isToday: true });
  await post(page.request, '/api/tasks', { title: 'Long run', goalId: goal.id, isToday: true });
  await post(page.request, '/api/habits', { title: 'Stretch', isToday: true });
  await openToday(page);
}

/** Opens a card's Edit: its inline button from `sm` up, its actions menu on a phone. Returns the opener. */
async function openEdit(page: Page, title: string, kind: 'task' | 'habit') {
  if (isPhone()) {
    const menu = card(page, title).getByRole('button', { name: `More actions for ${title}` });
    await menu.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: `Edit ${kind}` }).press('Enter');
    return menu;
  }
  const edit = card(page, title).getByRole('button', { name: `Edit ${kind}` });
  await edit.focus();
  await page.keyboard.press('Enter');
  return edit;
}

test('Space on a checkbox ticks the item and keeps focus on the box', async ({ page }) => {
  await signInWithToday(page);
  for (const title of ['Write intro', 'Stretch']) {
    const box = page.getByRole('checkbox', { name: `Complete ${title}` });
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
    // Saved, toasted and read again: focus is still where the person left it.
    await expect(box).not.toHaveAttribute('aria-busy', 'true');
    await expect(page.getByText(/is done/).first()).toBeVisible();
    await expect(box).toBeFocused();
    await page.keyboard.press('Space');
    await expect(box).not.toBeChecked();
    await expect(box).toBeFocused();
  }
});

test('Edit opens in Title, and Escape, Close or Cancel give focus back to its opener', async ({ page }) => {
  await signInWithToday(page);

  let opener = await openEdit(page, 'Write intro', 'task');
  const title = dialog(page).getByRole('textbox', { name: 'Title' });
  await expect(title).toBeFocused();
  // The caret waits after the text, ready to go on typing.
  await page.keyboard.type(' now');
  await expect(title).toHaveValue('Write intro now');
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await expect(opener).toBeFocused();

  opener = await openEdit(page, 'Stretch', 'habit');
  await expect(dialog(page).getByRole('textbox', { name: 'Title' })).toBeFocused();
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(opener).toBeFocused();

  const add = page.getByRole('button', { name: 'Add new item' });
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('textbox', { name: 'Title' })).toBeFocused();
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(add).toBeFocused();
});

test("a tap on a card's title opens Edit, and closing gives focus to the card's Edit or menu", {
  tag: '@phone',
}, async ({ page }) => {
  await signInWithToday(page);
  const press = (target: ReturnType<Page['getByText']>) => (isPhone() ? target.tap() : target.click());
  // The text holds no focus to give back: the card's Edit button takes it, or on a phone its menu.
  const openerOf = (title: string, kind: 'task' | 'habit') =>
    isPhone()
      ? card(page, title).getByRole('button', { name: `More actions for ${title}` })
      : card(page, title).getByRole('button', { name: `Edit ${kind}` });

  await press(card(page, 'Write intro').getByText('Write intro', { exact: true }));
  await expect(dialog(page).getByRole('heading', { name: 'Edit Item' })).toBeVisible();
  await expect(dialog(page).getByRole('textbox', { name: 'Title' })).toHaveValue('Write intro');
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(openerOf('Write intro', 'task')).toBeFocused();

  // The goal's name under a title opens it too; the badge beside it keeps opening the history.
  await press(card(page, 'Long run').getByText('Run', { exact: true }));
  await expect(dialog(page).getByRole('textbox', { name: 'Title' })).toHaveValue('Long run');
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await expect(openerOf('Long run', 'task')).toBeFocused();
  await page.getByRole('checkbox', { name: 'Complete Long run' }).click();
  await card(page, 'Long run')
    .getByRole('button', { name: /^History of Long run/ })
    .click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole('heading', { name: 'Edit Item' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);

  // Execution Mode's card is the same card.
  await page.getByRole('button', { name: 'Execute Mode' }).click();
  await press(page.getByRole('article').getByText(/^(Write intro|Stretch)$/));
  await expect(dialog(page).getByRole('heading', { name: 'Edit Item' })).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Execution Mode' })).toBeVisible();
});

test("selecting a card's title with the mouse leaves Edit closed, so it can be copied", async ({ page }) => {
  await signInWithToday(page);
  const title = card(page, 'Write intro').getByText('Write intro', { exact: true });
  const box = await title.boundingBox();
  if (!box) throw new Error('the title is not on screen');
  await page.mouse.move(box.x + 1, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 40, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  expect(await page.evaluate(() => window.getSelection()?.toString())).toMatch(/^Write/);
  await expect(dialog(page)).toHaveCount(0);
});

// Back must find the dialog's history entry the moment the dialog shows its focus: the entry used to be
// pushed a task later, and a Back in between left the page (lib/use-back-closes.ts).
test('Back closes Edit and gives focus back to its opener', async ({ page }) => {
  await signInWithToday(page);
  const opener = await openEdit(page, 'Write intro', 'task');
  await expect(dialog(page).getByRole('textbox', { name: 'Title' })).toBeFocused();
  await page.goBack();
  await expect(dialog(page)).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('History gives focus back to what opened it: the badge, or the card menu', async ({ page }) => {
  await signInWithToday(page);
  await page.getByRole('checkbox', { name: 'Complete Long run' }).click();
  const badge = card(page, 'Long run').getByRole('button', { name: /^History of Long run/ });
  await badge.focus();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await expect(badge).toBeFocused();

  const menu = card(page, 'Stretch').getByRole('button', { name: 'More actions for Stretch' });
  await menu.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'History' }).press('Enter');
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await expect(menu).toBeFocused();
});

test('Escape and Back leave Execution Mode for Today, with focus on Execute Mode', async ({ page }) => {
  await signInWithToday(page);
  const todayUrl = page.url();
  const execute = page.getByRole('button', { name: 'Execute Mode' });
  const heading = page.getByRole('heading', { name: 'Execution Mode' });

  await execute.click();
  await expect(heading).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(heading).toHaveCount(0);
  await expect(execute).toBeFocused();

  // An Escape that closes a menu in the run closes only the menu.
  await execute.click();
  const menu = page.getByRole('button', { name: /^More actions for / });
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(heading).toBeVisible();

  await page.goBack();
  await expect(heading).toHaveCount(0);
  expect(page.url()).toBe(todayUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(execute).toBeFocused();

  // Left by its Exit button, the run takes its history step back out: still Today, same address.
  await execute.click();
  await page.getByRole('button', { name: 'Exit' }).click();
  await expect(heading).toHaveCount(0);
  expect(page.url()).toBe(todayUrl);
  await expect(execute).toBeFocused();
});
