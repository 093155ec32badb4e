import type { APIRequestContext, Page } from '@playwright/test';
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
 * Several items chosen at once and acted on together (docs/product.md#selecting-several-items,
 * docs/decisions/052-select-several.md): from a card's menu on a phone, by Ctrl- and Shift-click and by
 * the keyboard on a desktop, with the bar's actions kept by the server and undone.
 */

type Row = {
  id: string;
  title: string;
  plannedFor: string | null;
  completed: boolean;
  goalId: string | null;
};

async function tasks(request: APIRequestContext): Promise<Row[]> {
  return (await (await request.get('/api/tasks')).json()) as Row[];
}

async function dayOf(request: APIRequestContext, title: string): Promise<string | null | undefined> {
  return (await tasks(request)).find((task) => task.title === title)?.plannedFor;
}

const card = (page: Page, title: string) => page.getByRole('article', { name: new RegExp(`^${title}`) });
const bar = (page: Page) => page.getByRole('toolbar', { name: 'Selected items' });

test('choose from a card’s menu, then by tapping titles; plan them all for tomorrow, and undo', {
  tag: '@phone',
}, async ({ page }) => {
  await signInByRequest(page, uniqueEmail('select'));
  for (const title of ['Call the bank', 'Renew passport', 'Buy a birthday card'])
    await post(page.request, '/api/tasks', { title, isToday: true });
  await post(page.request, '/api/habits', { title: 'Stretch', isToday: true });
  await page.goto('/today');

  await page.getByRole('button', { name: 'More actions for Call the bank' }).click();
  await page.getByRole('menuitem', { name: 'Select' }).click();
  await expect(bar(page).getByRole('status')).toHaveText('1 selected');
  await card(page, 'Renew passport').getByText('Renew passport').click();
  await card(page, 'Stretch').getByText('Stretch').click();
  await expect(bar(page).getByRole('status')).toHaveText('3 selected');
  await expect(page.getByRole('checkbox', { name: 'Select Buy a birthday card' })).not.toBeChecked();
  // A tap chose: no dialog opened.
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // On a phone the bar sits above the bottom bar, never under it; the last card stays reachable.
  const viewport = page.viewportSize();
  if (viewport && viewport.width < 1024) {
    const barBox = await bar(page).boundingBox();
    const navBox = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
    expect(barBox && navBox && barBox.y + barBox.height <= navBox.y + 1).toBe(true);
  }
  await expectNoA11yViolations(page);
  await snap(page, 'select-today', { fullPage: false });
  await setTheme(page, 'dark');
  // The selection ends with the page; choose again to look at it in the dark.
  await card(page, 'Call the bank')
    .getByText('Call the bank')
    .click({ modifiers: ['ControlOrMeta'] });
  await card(page, 'Renew passport').getByText('Renew passport').click();
  await card(page, 'Stretch').getByText('Stretch').click();
  await expect(bar(page).getByRole('status')).toHaveText('3 selected');
  await snap(page, 'select-today', { fullPage: false });

  await bar(page).getByRole('button', { name: 'Plan for…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Plan for' });
  await expect(dialog).toContainText('2 tasks; the habit keeps its own days.');
  await dialog.getByRole('button', { name: /^Tomorrow/ }).click();
  await expect(page.getByText('2 tasks are planned for tomorrow.').first()).toBeVisible();
  await expect(bar(page)).toHaveCount(0);
  const tomorrow = await dayOf(page.request, 'Call the bank');
  expect(tomorrow).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(await dayOf(page.request, 'Renew passport')).toBe(tomorrow);
  expect(await dayOf(page.request, 'Buy a birthday card')).toBeNull();
  await expect(card(page, 'Call the bank')).toHaveAccessibleName(/Tomorrow/);

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => dayOf(page.request, 'Call the bank')).toBeNull();
  expect(await dayOf(page.request, 'Renew passport')).toBeNull();
});

test('Ctrl-click, Shift-click and the keyboard choose on All Items; delete with Undo, then complete', async ({
  page,
}) => {
  await signInByRequest(page, uniqueEmail('select-desk'));
  const titles = ['Draft the report', 'Email Ana', 'File receipts', 'Order ink', 'Water plants'];
  for (const title of titles) await post(page.request, '/api/tasks', { title });
  const { id: homeId } = await post(page.request, '/api/goals', { title: 'Home', color: 'teal' });
  await page.goto('/all-items');
  const todos = page.getByRole('list', { name: 'Todos' });
  await expect(todos.getByRole('article')).toHaveCount(5);

  await card(page, 'Email Ana')
    .getByText('Email Ana')
    .click({ modifiers: ['ControlOrMeta'] });
  await card(page, 'Order ink')
    .getByText('Order ink')
    .click({ modifiers: ['Shift'] });
  await expect(bar(page).getByRole('status')).toHaveText('3 selected');
  // Shift chose cards, not text.
  expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');
  await expectNoA11yViolations(page);
  await snap(page, 'select-all-items', { fullPage: false });

  // The keyboard: Space on a card's box, Escape to end.
  await page.getByRole('checkbox', { name: 'Select Water plants' }).focus();
  await page.keyboard.press('Space');
  await expect(bar(page).getByRole('status')).toHaveText('4 selected');
  await page.keyboard.press('Escape');
  await expect(bar(page)).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: /^Select / })).toHaveCount(0);

  // The menu by keyboard starts it again.
  await page.getByRole('button', { name: 'More actions for Draft the report' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Select' }).focus();
  await page.keyboard.press('Enter');
  await expect(bar(page).getByRole('status')).toHaveText('1 selected');
  await page.getByRole('checkbox', { name: 'Select File receipts' }).check();
  await bar(page).getByRole('button', { name: 'Delete' }).click();
  await expect(todos.getByRole('article')).toHaveCount(3);
  await expect(page.getByText('2 items have been deleted.').first()).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(todos.getByRole('article')).toHaveCount(5);
  expect((await tasks(page.request)).map((task) => task.title).sort()).toEqual(titles);

  await card(page, 'Email Ana')
    .getByText('Email Ana')
    .click({ modifiers: ['ControlOrMeta'] });
  await card(page, 'Water plants')
    .getByText('Water plants')
    .click({ modifiers: ['ControlOrMeta'] });
  await bar(page).getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByText('2 items are done.').first()).toBeVisible();
  await expect
    .poll(async () =>
      (await tasks(page.request))
        .filter((task) => task.completed)
        .map((task) => task.title)
        .sort(),
    )
    .toEqual(['Email Ana', 'Water plants']);
  // Focus went on to a card, not to the page.
  await expect(card(page, 'Email Ana')).toBeFocused();

  // "Change…": two tasks to a goal, in the order shown.
  await card(page, 'Order ink')
    .getByText('Order ink')
    .click({ modifiers: ['ControlOrMeta'] });
  await card(page, 'Draft the report')
    .getByText('Draft the report')
    .click({ modifiers: ['ControlOrMeta'] });
  await bar(page).getByRole('button', { name: 'Change…' }).click();
  const change = page.getByRole('dialog', { name: 'Change tasks' });
  await change.getByLabel('Goal').selectOption({ label: 'Home' });
  await change.getByRole('button', { name: 'Change', exact: true }).click();
  await expect(page.getByText('2 tasks moved to “Home”.').first()).toBeVisible();
  const home = page.getByRole('list', { name: 'Home' });
  await expect(home.getByRole('article')).toHaveCount(2);
  await expect(home.getByRole('article').first()).toHaveAccessibleName(/^Draft the report/);
  await expect
    .poll(async () =>
      (await tasks(page.request)).filter((task) => task.goalId === homeId).map((task) => task.title),
    )
    .toEqual(['Draft the report', 'Order ink']);
});
