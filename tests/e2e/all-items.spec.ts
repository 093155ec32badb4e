import type { Locator, Page } from '@playwright/test';
import {
  expect,
  expectNoA11yViolations,
  liftByKeyboard,
  openAddTaskInGoal,
  patch,
  post,
  setTheme,
  signInByRequest,
  snap,
  test,
  uniqueEmail,
} from './fixtures';

const signIn = (page: Page) => signInByRequest(page, uniqueEmail('items'));

/*
 * All Items journeys (docs/product.md#all-items-screen, docs/product.md#item-dialog,
 * docs/product.md#cards, docs/product.md#dialog-lifecycle, docs/product.md#toasts). What a journey is
 * about goes through the UI; the rest of its data is made through the API as the signed-in browser.
 */

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const card = (scope: Page | Locator, title: string) =>
  scope.getByRole('article', { name: title, exact: true });
const dialog = (page: Page) => page.getByRole('dialog');
const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

async function titlesIn(list: Locator): Promise<string[]> {
  return list
    .getByRole('article')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''));
}

/** A long-press (held past dnd-kit's 120 ms delay) then a slide, as real touch events. */
async function touchDrag(page: Page, x: number, fromY: number, toY: number, holdMs = 250): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  await touch('touchStart', fromY);
  if (holdMs > 0) await page.waitForTimeout(holdMs);
  // A swipe (no hold) moves in big steps, as a finger flicking does. Chromium holds back touch moves
  // within its touch slop (about 15 px) of the start, so small steps delayed the first move the page
  // saw past the 120 ms long-press, and on a busy machine the "swipe" became a drag.
  const steps = holdMs > 0 ? 12 : 4;
  for (let step = 1; step <= steps; step += 1) {
    await touch('touchMove', fromY + ((toY - fromY) * step) / steps);
    await page.waitForTimeout(16);
  }
  await touch('touchEnd', toY);
  await cdp.detach();
}

/** Scrolls an element to the middle of the viewport, clear of the sticky header and bottom bar. */
async function centre(element: Locator): Promise<void> {
  await element.evaluate((node) => node.scrollIntoView({ block: 'center' }));
}

async function openAllItems(page: Page): Promise<void> {
  await page.goto('/all-items');
  await expect(page.getByRole('heading', { level: 1, name: 'All Items' })).toBeVisible();
  // The heading comes first; the list replaces its loading rows once it has arrived and been drawn.
  await expect(page.getByTestId('all-items-skeleton-row')).toHaveCount(0);
}

test('every empty state, from a new account to filtered-out sections', async ({ page }) => {
  await signIn(page);
  await openAllItems(page);
  await expect(page.getByText('No items yet', { exact: true })).toBeVisible();
  await expect(page.getByText('Create your first goal, task, or habit to get started.')).toBeVisible();
  await expect(page.getByTestId('all-items-count')).toHaveText('0 of 0 items');
  await expectNoA11yViolations(page);
  await snap(page, 'all-items-empty');

  await page.getByRole('button', { name: 'Add Goal' }).click();
  await expect(dialog(page).getByRole('group', { name: 'Item Type' })).toHaveCount(0);
  await dialog(page).getByRole('textbox', { name: 'Title' }).fill('Reading');
  await dialog(page).getByRole('button', { name: 'Create', exact: true }).click();
  await expect(toast(page, 'Goal created')).toBeVisible();

  await expect(section(page, 'Habits').getByText('No habits yet')).toBeVisible();
  await expect(section(page, 'Habits').getByRole('button', { name: 'Add your first habit' })).toBeVisible();
  await expect(section(page, 'Todos').getByText('No todos yet')).toBeVisible();
  await expect(section(page, 'Todos').getByRole('button', { name: 'Add your first todo' })).toBeVisible();
  await expect(section(page, 'Reading').getByText('No tasks in this goal yet')).toBeVisible();

  const chips = page.getByRole('group', { name: 'Show:' });
  for (const name of ['Habits', 'Todos', 'Reading'])
    await chips.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await expect(page.getByText('No matching items', { exact: true })).toBeVisible();
  await expect(page.getByText('Try adjusting your filters to see more items.')).toBeVisible();
  await page.getByRole('button', { name: 'Show everything' }).click();
  await expect(section(page, 'Habits')).toBeVisible();
});

test('create a goal with a colour, then add a task inside it', { tag: '@phone' }, async ({ page }) => {
  await signIn(page);
  await openAllItems(page);
  await page.getByRole('button', { name: 'Add Item' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Add New Item' })).toBeVisible();
  await dialog(page).getByRole('radio', { name: /^Goal/ }).click();
  await dialog(page).getByRole('textbox', { name: 'Title' }).fill('Half marathon');
  await dialog(page)
    .getByLabel(/Description/)
    .fill('Sub two hours in spring');
  await dialog(page).getByRole('radio', { name: 'Rose' }).click();
  await expect(dialog(page).getByRole('radio', { name: 'Rose' })).toBeChecked();
  await expectNoA11yViolations(page);
  await snap(page, 'all-items-dialog-goal');
  await dialog(page).getByRole('button', { name: 'Create', exact: true }).click();
  await expect(toast(page, 'Goal created')).toBeVisible();
  await expect(toast(page, 'Your goal has been created successfully.')).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);

  const goal = section(page, 'Half marathon');
  await expect(goal.getByText('Sub two hours in spring')).toBeVisible();
  await openAddTaskInGoal(page, goal, 'Half marathon');
  await expect(dialog(page).getByText('Adding to goal: Half marathon')).toBeVisible();
  await expect(dialog(page).getByRole('combobox', { name: 'Goal' })).toHaveCount(0);
  await dialog(page).getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog(page).getByText('Title is required')).toBeVisible();
  await dialog(page).getByRole('textbox', { name: 'Title' }).fill('Long run, 18 km');
  await expect(dialog(page).getByText('Title is required')).toHaveCount(0);
  await dialog(page).getByRole('button', { name: 'Create Task' }).click();
  await expect(toast(page, 'Task created')).toBeVisible();
  await expect(card(goal, 'Long run, 18 km')).toBeVisible();
  // In its goal's section a task is not tinted: the heading carries the colour (decision 020).
  await expect(card(goal, 'Long run, 18 km')).not.toHaveClass(/bg-rose-50/);
});

test('bulk add three habits in order and put them all on Today', async ({ page }) => {
  await signIn(page);
  const existing = await post(page.request, '/api/tasks', { title: 'Already today', isToday: true });
  await openAllItems(page);
  await section(page, 'Habits').getByRole('button', { name: 'Add your first habit' }).click();
  await dialog(page).getByRole('tab', { name: 'Bulk' }).click();
  const create = dialog(page).getByRole('button', { name: /^Create \d+ Habits?$/ });
  await expect(create).toBeDisabled();
  await dialog(page).getByRole('textbox', { name: 'Habits' }).fill('Stretch\n\n  Meditate  \nJournal\n');
  await dialog(page).getByRole('checkbox', { name: 'Add all to Today' }).click();
  await expectNoA11yViolations(page);
  await snap(page, 'all-items-dialog-bulk');
  await dialog(page).getByRole('button', { name: 'Create 3 Habits' }).click();
  await expect(toast(page, 'Habits created')).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  await expect
    .poll(() => titlesIn(page.getByRole('list', { name: 'Habits' })))
    .toEqual(['Stretch', 'Meditate', 'Journal']);
  for (const title of ['Stretch', 'Meditate', 'Journal'])
    await expect(card(page, title).getByRole('button', { name: 'Remove from Today' })).toBeVisible();

  // On Today they follow what was already there, in the order typed.
  const today = (await (await page.request.get('/api/today')).json()) as {
    tasks: Array<{ id: string; title: string; todaySortOrder: number }>;
    habits: Array<{ title: string; todaySortOrder: number }>;
  };
  const ordered = [...today.tasks, ...today.habits].sort((a, b) => a.todaySortOrder - b.todaySortOrder);
  expect(ordered.map((item) => item.title)).toEqual(['Already today', 'Stretch', 'Meditate', 'Journal']);
  expect(today.tasks[0]?.id).toBe(existing.id);

  // Opening the dialog again starts on Single with a clean form.
  await section(page, 'Habits').getByRole('button', { name: 'Add habit' }).click();
  await expect(dialog(page).getByRole('tab', { name: 'Single' })).toHaveAttribute('aria-selected', 'true');
});

test("edit a task's goal to none moves it to Todos", async ({ page }) => {
  await signIn(page);
  const goal = await post(page.request, '/api/goals', { title: 'Garden', color: 'lime' });
  await post(page.request, '/api/tasks', { title: 'Plant tulips', goalId: goal.id });
  await openAllItems(page);
  // Edit sits in the card's menu on every screen size (and also inline from the sm breakpoint).
  await card(section(page, 'Garden'), 'Plant tulips')
    .getByRole('button', { name: 'More actions for Plant tulips' })
    .click();
  await page.getByRole('menuitem', { name: 'Edit task' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Edit Item' })).toBeVisible();
  await expect(dialog(page).getByRole('tab')).toHaveCount(0);
  const goalSelect = dialog(page).getByRole('combobox', { name: 'Goal' });
  await expect(goalSelect).toHaveValue(goal.id);
  await goalSelect.selectOption({ label: 'No goal (regular task)' });
  await dialog(page).getByRole('button', { name: 'Update', exact: true }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(card(section(page, 'Todos'), 'Plant tulips')).toBeVisible();
  await expect(section(page, 'Garden').getByText('No tasks in this goal yet')).toBeVisible();
  const tasks = (await (await page.request.get('/api/tasks')).json()) as Array<{ goalId: string | null }>;
  expect(tasks.map((task) => task.goalId)).toEqual([null]);
});

test('archive a goal, show archived goals, and restore it', async ({ page }) => {
  await signIn(page);
  const goal = await post(page.request, '/api/goals', { title: 'Old project', color: 'slate' });
  await post(page.request, '/api/tasks', { title: 'Write retro', goalId: goal.id });
  await post(page.request, '/api/goals', { title: 'Routine', color: 'amber', isHabitGoal: true });
  await openAllItems(page);
  await expect(section(page, 'Routine').getByRole('button', { name: 'Archive goal' })).toHaveCount(0);
  await section(page, 'Old project').getByRole('button', { name: 'Archive goal' }).click();
  await expect(toast(page, 'Goal archived')).toBeVisible();
  await expect(toast(page, 'The goal has been archived.')).toBeVisible();
  await expect(section(page, 'Old project')).toHaveCount(0);
  await expect(page.getByText('Write retro')).toHaveCount(0);

  await page.getByRole('button', { name: 'Show archived goals' }).click();
  await expect(section(page, 'Old project')).toBeVisible();
  await expect(card(section(page, 'Old project'), 'Write retro')).toBeVisible();
  await section(page, 'Old project').getByRole('button', { name: 'Unarchive goal' }).click();
  await expect(toast(page, 'Goal unarchived')).toBeVisible();
  await expect(toast(page, 'The goal has been restored.')).toBeVisible();
  await page.getByRole('button', { name: 'Hide archived goals' }).click();
  await expect(section(page, 'Old project')).toBeVisible();
});

test('delete a goal and its tasks are gone', async ({ page }) => {
  await signIn(page);
  const goal = await post(page.request, '/api/goals', { title: 'Move house', color: 'orange' });
  for (const title of ['Pack books', 'Book a van'])
    await post(page.request, '/api/tasks', { title, goalId: goal.id });
  await post(page.request, '/api/tasks', { title: 'Keep me' });
  await openAllItems(page);
  await expect(page.getByTestId('all-items-count')).toHaveText('3 of 3 items');
  await section(page, 'Move house').getByRole('button', { name: 'Goal actions for Move house' }).click();
  await page.getByRole('menuitem', { name: 'Delete goal' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('its 2 tasks');
  await confirm.getByRole('button', { name: 'Delete goal' }).click();
  await expect(toast(page, 'Goal deleted')).toBeVisible();
  await expect(toast(page, 'The goal and its tasks have been deleted.')).toBeVisible();
  await expect(section(page, 'Move house')).toHaveCount(0);
  await page.reload();
  await expect(card(page, 'Keep me')).toBeVisible();
  await expect(page.getByText('Pack books')).toHaveCount(0);
  await expect(page.getByText('Book a van')).toHaveCount(0);
  await expect(page.getByTestId('all-items-count')).toHaveText('1 of 1 item');
});

test('reorder by drag, by keyboard and by the menu; the order survives a reload', { tag: '@phone' }, async ({
  page,
}) => {
  await signIn(page);
  for (const [index, title] of ['Alpha', 'Bravo', 'Charlie', 'Delta'].entries())
    await post(page.request, '/api/tasks', { title, sortOrder: index });
  await openAllItems(page);
  const todos = page.getByRole('list', { name: 'Todos' });
  expect(await titlesIn(todos)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);

  // Drag Delta's handle onto Alpha: with the mouse on desktop (past the 5 px threshold), with a
  // 120 ms long-press on the phone's touch screen. The list is brought to the middle of the screen
  // first: below the fold, Delta's handle sits under the fixed bottom navigation, which would take
  // the press.
  await centre(todos);
  const handle = await page.getByRole('button', { name: 'Reorder Delta' }).boundingBox();
  const target = await card(todos, 'Alpha').boundingBox();
  if (!handle || !target) throw new Error('cards not laid out');
  const x = handle.x + handle.width / 2;
  const fromY = handle.y + handle.height / 2;
  const toY = target.y + 4;
  if (test.info().project.name === 'phone') {
    // A swipe without the long-press is a scroll, not a drag.
    await touchDrag(page, x, fromY, toY, 0);
    await page.waitForTimeout(300);
    expect(await titlesIn(todos)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
    await centre(todos);
    const again = await page.getByRole('button', { name: 'Reorder Delta' }).boundingBox();
    const onto = await card(todos, 'Alpha').boundingBox();
    if (!again || !onto) throw new Error('cards not laid out');
    await touchDrag(page, again.x + again.width / 2, again.y + again.height / 2, onto.y + 4);
  } else {
    await page.mouse.move(x, fromY);
    await page.mouse.down();
    await page.mouse.move(x, fromY - 10, { steps: 3 });
    await page.mouse.move(x, toY, { steps: 12 });
    await page.mouse.up();
  }
  await expect.poll(() => titlesIn(todos)).toEqual(['Delta', 'Alpha', 'Bravo', 'Charlie']);

  // Keyboard: Space lifts, ArrowDown moves, Space drops. Each step waits for its announcement, as a
  // screen-reader user would hear it. Lifting announces "Picked up" at once, but the list's positions
  // are measured a moment later, and an arrow pressed before that goes nowhere (dnd-kit's keyboard
  // moves need the measured positions): "moved to position 2" is only said once they are measured.
  // liftByKeyboard also waits for the sensor to listen (see there).
  const announced = (text: RegExp) => page.locator('[id^="DndLiveRegion"]', { hasText: text });
  await liftByKeyboard(
    page,
    page.getByRole('button', { name: 'Reorder Alpha' }),
    /Alpha moved to position 2 of 4/,
  );
  await page.keyboard.press('ArrowDown');
  await expect(announced(/Alpha moved to position 3 of 4/)).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await expect(announced(/Alpha moved to position 4 of 4/)).toHaveCount(1);
  await page.keyboard.press('Space');
  await expect.poll(() => titlesIn(todos)).toEqual(['Delta', 'Bravo', 'Charlie', 'Alpha']);

  // No drag needed at all: the card's menu moves it (WCAG 2.2 SC 2.5.7).
  await page.getByRole('button', { name: 'More actions for Charlie' }).click();
  await page.getByRole('menuitem', { name: 'Move up' }).click();
  await expect.poll(() => titlesIn(todos)).toEqual(['Delta', 'Charlie', 'Bravo', 'Alpha']);

  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect
    .poll(() => titlesIn(page.getByRole('list', { name: 'Todos' })))
    .toEqual(['Delta', 'Charlie', 'Bravo', 'Alpha']);
});

test('a filled screen passes axe in both themes and is photographed', { tag: '@phone' }, async ({ page }) => {
  await signIn(page);
  const fitness = await post(page.request, '/api/goals', {
    title: 'Fitness',
    color: 'emerald',
    description: 'Get stronger, one session at a time',
  });
  const routine = await post(page.request, '/api/goals', {
    title: 'Morning routine',
    color: 'amber',
    isHabitGoal: true,
  });
  const launch = await post(page.request, '/api/goals', { title: 'Launch website', color: 'indigo' });
  for (const title of ['Run 5k', 'Stretch 10 minutes', 'Book a physio appointment'])
    await post(page.request, '/api/tasks', { title, goalId: fitness.id });
  for (const title of ['Make bed', 'Cold shower'])
    await post(page.request, '/api/tasks', { title, goalId: routine.id });
  const done = await post(page.request, '/api/tasks', {
    title: 'Write the landing copy',
    goalId: launch.id,
    isToday: true,
  });
  await patch(page.request, `/api/tasks/${done.id}`, { completed: true });
  await post(page.request, '/api/tasks', { title: 'Pick a domain name', goalId: launch.id });
  for (const title of ['Buy groceries', 'Call the bank']) await post(page.request, '/api/tasks', { title });
  const meditate = await post(page.request, '/api/habits', { title: 'Meditate 10 minutes', isToday: true });
  await patch(page.request, `/api/habits/${meditate.id}`, { completedToday: true });
  await post(page.request, '/api/habits', { title: 'Read 20 pages' });

  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await openAllItems(page);
    await expect(card(page, 'Pick a domain name')).toBeVisible();
    await expect(page.getByTestId('all-items-count')).toHaveText('11 of 11 items');
    await expect(card(page, 'Write the landing copy').getByText('Write the landing copy')).toHaveClass(
      /line-through/,
    );
    await expectNoA11yViolations(page);
    await snap(page, 'all-items-filled');
    await page.getByRole('button', { name: 'Add Item' }).click();
    await expect(dialog(page)).toBeVisible();
    await expectNoA11yViolations(page);
    await snap(page, 'all-items-dialog');
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
  }
});
