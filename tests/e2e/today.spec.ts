import type { Browser, Page } from '@playwright/test';
import {
  dragHandleTo,
  expect,
  expectNoA11yViolations,
  liftByKeyboard,
  post,
  setTheme,
  signInByRequest,
  snap,
  test,
  uniqueEmail,
} from './fixtures';

/*
 * Today screen and Execution Mode journeys (docs/product.md#today-screen,
 * docs/product.md#execution-mode). Data that is not the subject of a journey is created through the
 * API, as the signed-in browser, to keep each journey short.
 */

const signIn = (page: Page, email: string = uniqueEmail('today')) => signInByRequest(page, email);

const createGoal = (page: Page, title: string, extra: object = {}) =>
  post(page.request, '/api/goals', { title, color: 'teal', ...extra });
const createTask = (page: Page, title: string, extra: object = {}) =>
  post(page.request, '/api/tasks', { title, isToday: true, ...extra });
const createHabit = (page: Page, title: string, extra: object = {}) =>
  post(page.request, '/api/habits', { title, isToday: true, ...extra });

const todayList = (page: Page) => page.getByRole('list', { name: 'Today items' });
const card = (page: Page, title: string) => page.getByRole('article', { name: title });
const count = (page: Page) => page.getByTestId('today-count');
const chip = (page: Page, label: string) =>
  page.getByRole('group', { name: 'Show:' }).getByRole('button', { name: new RegExp(`^${label}\\b`) });

async function listedTitles(page: Page): Promise<string[]> {
  return todayList(page)
    .getByRole('article')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''));
}

async function openToday(page: Page): Promise<void> {
  await page.goto('/today');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  // The heading comes first; the list replaces its loading rows once it has arrived and been drawn.
  await expect(page.getByTestId('today-skeleton-row')).toHaveCount(0);
}

test('an empty day explains itself and links to All Items', async ({ page }) => {
  await signIn(page);
  await openToday(page);
  await expect(page.getByText('No items for today')).toBeVisible();
  await expect(page.getByText('Add some tasks and habits to get started with your day!')).toBeVisible();
  await expect(count(page)).toHaveText('0 of 0 items');
  await expectNoA11yViolations(page);
  await snap(page, 'today-empty');

  // Clear Today and Execute Mode on an empty day: no call for Clear, "No items to execute" for Execute.
  await page.getByRole('button', { name: 'Clear Today' }).click();
  await expect(page.getByText('Cleared Today', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Execute Mode' }).click();
  await expect(page.getByText('No items to execute', { exact: true })).toBeVisible();
  await expect(page.getByText('All your today items are already completed!', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Browse all items' }).click();
  await expect(page).toHaveURL(/\/all-items$/);
});

test('plan a day from All Items', async ({ page }) => {
  await signIn(page);
  await createTask(page, 'Book dentist', { isToday: false });
  await createHabit(page, 'Drink water', { isToday: false });
  await page.goto('/all-items');

  for (const title of ['Book dentist', 'Drink water']) {
    await card(page, title).getByRole('button', { name: 'Add to Today' }).click();
    await expect(page.getByText('Added to Today', { exact: true })).toBeVisible();
    await expect(card(page, title).getByRole('button', { name: 'Remove from Today' })).toBeVisible();
  }

  await openToday(page);
  await expect(count(page)).toHaveText('2 of 2 items');
  expect(await listedTitles(page)).toEqual(['Book dentist', 'Drink water']);

  // And off again from the Today screen itself.
  await card(page, 'Book dentist').getByRole('button', { name: 'Remove from Today' }).click();
  await expect(page.getByText('Removed from Today', { exact: true })).toBeVisible();
  await expect(count(page)).toHaveText('1 of 1 item');
});

test('filter chips: click toggles, double-click shows only that one', async ({ page }) => {
  await signIn(page);
  const book = await createGoal(page, 'Write a book', { color: 'rose' });
  await createHabit(page, 'Stretch');
  await createTask(page, 'Email Sam');
  await createTask(page, 'Draft chapter 3', { goalId: book.id });
  await createTask(page, 'Edit chapter 2', { goalId: book.id });
  await openToday(page);

  await expect(count(page)).toHaveText('4 of 4 items');
  await expect(chip(page, 'Habits')).toHaveText(/Habits\s*1/);
  await expect(chip(page, 'Todos')).toHaveText(/Todos\s*1/);
  await expect(chip(page, 'Write a book')).toHaveText(/Write a book\s*2/);
  await expectNoA11yViolations(page);
  await snap(page, 'today-list');

  // A goal task names its goal in a tooltip.
  await card(page, 'Draft chapter 3').getByText('Write a book').hover();
  // The bubble is visual only, hidden from assistive technology (components/ui/tooltip.tsx).
  await expect(page.getByRole('tooltip', { includeHidden: true })).toHaveText('Goal: Write a book');

  await chip(page, 'Habits').click();
  await expect(chip(page, 'Habits')).toHaveAttribute('aria-pressed', 'false');
  await expect(count(page)).toHaveText('3 of 4 items');
  expect(await listedTitles(page)).toEqual(['Email Sam', 'Draft chapter 3', 'Edit chapter 2']);

  await chip(page, 'Write a book').dblclick();
  await expect(count(page)).toHaveText('2 of 4 items');
  expect(await listedTitles(page)).toEqual(['Draft chapter 3', 'Edit chapter 2']);

  await chip(page, 'Write a book').click();
  await expect(page.getByText('No matching items')).toBeVisible();
  await expect(page.getByText('Try adjusting your filters to see more items.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse all items' })).toBeVisible();
  await expect(count(page)).toHaveText('0 of 4 items');

  // Filters are session-only: a reload shows everything again.
  await page.reload();
  await expect(count(page)).toHaveText('4 of 4 items');
});

test('reorder by keyboard and by the move menu, and the order survives a reload', { tag: '@phone' }, async ({
  page,
}) => {
  await signIn(page);
  await createTask(page, 'First');
  await createHabit(page, 'Second');
  await createTask(page, 'Third');
  await openToday(page);
  expect(await listedTitles(page)).toEqual(['First', 'Second', 'Third']);

  // Keyboard drag on the handle: Space lifts, arrows move, Space drops.
  // Each step waits for the drag announcement, as a screen-reader user would hear it; the first
  // arrow waits until the positions are measured and the sensor listens (liftByKeyboard).
  const announced = page.locator('[id^="DndLiveRegion"]');
  await liftByKeyboard(
    page,
    page.getByRole('button', { name: 'Reorder Third' }),
    /Third moved to position 3 of 3/,
  );
  await page.keyboard.press('ArrowUp');
  await expect(announced).toHaveText(/Third moved to position 2 of 3/);
  await page.keyboard.press('ArrowUp');
  await expect(announced).toHaveText(/Third moved to position 1 of 3/);
  await page.keyboard.press('Space');
  await expect.poll(() => listedTitles(page)).toEqual(['Third', 'First', 'Second']);

  // The single-pointer alternative.
  await card(page, 'First').getByRole('button', { name: 'More actions for First' }).click();
  await page.getByRole('menuitem', { name: 'Move down' }).click();
  await expect.poll(() => listedTitles(page)).toEqual(['Third', 'Second', 'First']);

  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect.poll(() => listedTitles(page)).toEqual(['Third', 'Second', 'First']);
});

/** Drags `from`'s handle onto the top edge of `onto` (a mouse, or a finger on the phone). */
async function pointerDrag(page: Page, from: string, onto: string): Promise<void> {
  const target = await card(page, onto).boundingBox();
  if (!target) throw new Error('cards are not laid out');
  await dragHandleTo(page, page.getByRole('button', { name: `Reorder ${from}` }), target.y + 4);
}

test('dragging within a filtered view leaves hidden items where they were', { tag: '@phone' }, async ({
  page,
}) => {
  await signIn(page);
  await createTask(page, 'Inbox zero');
  await createHabit(page, 'Hydrate');
  await createTask(page, 'Ship release');
  await createTask(page, 'Call mum');
  await openToday(page);

  await chip(page, 'Habits').click();
  await expect.poll(() => listedTitles(page)).toEqual(['Inbox zero', 'Ship release', 'Call mum']);
  await pointerDrag(page, 'Call mum', 'Inbox zero');
  await expect.poll(() => listedTitles(page)).toEqual(['Call mum', 'Inbox zero', 'Ship release']);

  await chip(page, 'Habits').click();
  await expect.poll(() => listedTitles(page)).toEqual(['Call mum', 'Hydrate', 'Inbox zero', 'Ship release']);
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect.poll(() => listedTitles(page)).toEqual(['Call mum', 'Hydrate', 'Inbox zero', 'Ship release']);
});

test('a refused reorder is rolled back', async ({ page }) => {
  await signIn(page);
  await createTask(page, 'Alpha');
  await createTask(page, 'Beta');
  await openToday(page);
  await page.route('**/api/today/reorder', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
  );
  await card(page, 'Beta').getByRole('button', { name: 'More actions for Beta' }).click();
  await page.getByRole('menuitem', { name: 'Move up' }).click();
  await expect(page.getByText('Could not reorder Today', { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect.poll(() => listedTitles(page)).toEqual(['Alpha', 'Beta']);
});

test("Duplicate from a card's menu puts a copy right under the original; Undo takes it away", async ({
  page,
}) => {
  await signInByRequest(page);
  await post(page.request, '/api/tasks', { title: 'Water plants', isToday: true, priority: 3 });
  await post(page.request, '/api/tasks', { title: 'Post the letter', isToday: true });
  await openToday(page);
  await card(page, 'Water plants, High priority')
    .getByRole('button', { name: 'More actions for Water plants' })
    .click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(page.getByText('Task duplicated', { exact: true })).toBeVisible();
  await expect(page.getByText('Right under the original.', { exact: true })).toBeVisible();
  const marked = 'Water plants, High priority';
  await expect.poll(() => listedTitles(page)).toEqual([marked, marked, 'Post the letter']);
  // The server keeps it there too, in the one create the page sent.
  const kept = (await (await page.request.get('/api/today')).json()) as {
    tasks: Array<{ title: string; todaySortOrder: number }>;
  };
  expect(
    kept.tasks.toSorted((a, b) => a.todaySortOrder - b.todaySortOrder).map((task) => task.title),
  ).toEqual(['Water plants', 'Water plants', 'Post the letter']);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => listedTitles(page)).toEqual([marked, 'Post the letter']);
  const tasks = (await (await page.request.get('/api/tasks')).json()) as Array<{ title: string }>;
  expect(tasks.map((task) => task.title).toSorted()).toEqual(['Post the letter', 'Water plants']);
});

test('Clear Today takes everything off the list, not out of the app', async ({ page }) => {
  await signIn(page);
  await createTask(page, 'Water plants');
  await createHabit(page, 'Journal');
  await openToday(page);
  await expect(count(page)).toHaveText('2 of 2 items');

  await page.getByRole('button', { name: 'Clear Today' }).click();
  await expect(page.getByText('Cleared Today', { exact: true })).toBeVisible();
  await expect(page.getByText('All items removed from your today list.', { exact: true })).toBeVisible();
  await expect(page.getByText('No items for today')).toBeVisible();
  await expect(count(page)).toHaveText('0 of 0 items');

  const tasks = (await (await page.request.get('/api/tasks')).json()) as Array<{ isToday: boolean }>;
  const habits = (await (await page.request.get('/api/habits')).json()) as Array<{ isToday: boolean }>;
  expect([...tasks, ...habits].map((item) => item.isToday)).toEqual([false, false]);
});

test('Execution Mode runs three items to "All done!"', async ({ page }) => {
  await signIn(page);
  const fitness = await createGoal(page, 'Get fit', { isHabitGoal: true, color: 'emerald' });
  await createTask(page, 'Already done', { completed: true });
  await createTask(page, 'Reply to Ana');
  await createHabit(page, 'Read 20 pages');
  await createTask(page, 'Push-ups', { goalId: fitness.id });
  await openToday(page);

  await page.getByRole('button', { name: 'Execute Mode' }).click();
  const view = page.getByRole('region', { name: 'Execution Mode' });
  await expect(page.getByRole('heading', { name: 'Execution Mode' })).toBeFocused();
  await expect(view.getByText('3 remaining')).toBeVisible();
  await expect(view.getByText('Use arrow buttons above or complete item to advance')).toBeVisible();
  await expect(card(page, 'Reply to Ana')).toBeVisible();
  await expect(view.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(view.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByTestId('execution-timer')).toHaveText('0:00');
  await expect(page.getByTestId('execution-timer')).toHaveText('0:01', { timeout: 2_500 });
  await expectNoA11yViolations(page);
  await snap(page, 'execution-mode');

  // Arrows skip around; the timer restarts on each item.
  await view.getByRole('button', { name: 'Next' }).click();
  await expect(card(page, 'Read 20 pages')).toBeVisible();
  await expect(page.getByTestId('execution-timer')).toHaveText('0:00');
  await view.getByRole('button', { name: 'Previous' }).click();
  await expect(card(page, 'Reply to Ana')).toBeVisible();

  for (const [title, next, remaining] of [
    ['Reply to Ana', 'Read 20 pages', '2 remaining'],
    ['Read 20 pages', 'Push-ups', '1 remaining'],
  ] as const) {
    await card(page, title)
      .getByRole('checkbox', { name: `Complete ${title}` })
      .click({ force: true });
    await expect(view.getByText(remaining)).toBeVisible();
    // The completed item stays in view for the 800 ms hand-over, then the next one comes.
    await expect(card(page, next)).toBeVisible();
    await expect(card(page, title)).toHaveCount(0);
  }
  await expect(view.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '67');

  await card(page, 'Push-ups').getByRole('checkbox', { name: 'Complete Push-ups' }).click({ force: true });
  await expect(page.getByText('🎉 All done!', { exact: true })).toBeVisible();
  await expect(
    page.getByText("You've completed all your today items. Great work!", { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Execute Mode' })).toBeFocused();

  // Everything is done now, so a new run has nothing to do.
  await page.getByRole('button', { name: 'Execute Mode' }).click();
  await expect(page.getByText('No items to execute', { exact: true })).toBeVisible();
});

test("a task's description: its first line on Today, all of it in Execution Mode", async ({ page }) => {
  await signIn(page);
  await openToday(page);
  await page.getByRole('button', { name: 'Add new item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Item' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Call the bank');
  await dialog
    .getByRole('textbox', { name: 'Description (optional)' })
    .fill('Ask about the transfer fee\nThen close the old savings account');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog).toHaveCount(0);

  const row = card(page, 'Call the bank');
  await expect(row.getByText('Ask about the transfer fee', { exact: true })).toBeVisible();
  await expect(row.getByText(/close the old savings account/)).toHaveCount(0);
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Execute Mode' }).click();
  const view = page.getByRole('region', { name: 'Execution Mode' });
  const whole = view.getByText(/Ask about the transfer fee/);
  await expect(whole).toHaveText('Ask about the transfer fee\nThen close the old savings account');
  // Two lines on screen, not one run together.
  const box = await whole.boundingBox();
  const lineHeight = await whole.evaluate((node) => Number.parseFloat(getComputedStyle(node).lineHeight));
  expect(box?.height).toBeGreaterThanOrEqual(lineHeight * 2 - 1);
  // Two lines need no cut.
  await expect(view.getByRole('button', { name: 'Show all' })).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test('a long description in Execution Mode is cut at eight lines with "Show all" @phone', async ({
  page,
}) => {
  await signInByRequest(page);
  const steps = Array.from({ length: 14 }, (_, at) => `Step ${at + 1}: bring two copies of the form`);
  await post(page.request, '/api/tasks', {
    title: 'Visa office',
    isToday: true,
    description: steps.join('\n'),
  });
  await post(page.request, '/api/tasks', { title: 'Post the letter', isToday: true });
  await openToday(page);
  await page.getByRole('button', { name: 'Execute Mode' }).click();
  const view = page.getByRole('region', { name: 'Execution Mode' });
  const whole = view.getByText(/Step 1:/);
  const lineHeight = await whole.evaluate((node) => Number.parseFloat(getComputedStyle(node).lineHeight));
  const cutHeight = (await whole.boundingBox())?.height ?? 0;
  expect(cutHeight).toBeLessThanOrEqual(lineHeight * 8 + 1);
  // Next is within the screen without scrolling past the description.
  await expect(view.getByRole('button', { name: 'Next' })).toBeInViewport();

  const showAll = view.getByRole('button', { name: 'Show all' });
  await expect(showAll).toHaveAttribute('aria-expanded', 'false');
  await showAll.click();
  // The button's own click, not the text's: Edit does not open.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect((await whole.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(lineHeight * 14 - 1);
  const showLess = view.getByRole('button', { name: 'Show less' });
  await expect(showLess).toHaveAttribute('aria-expanded', 'true');
  await expectNoA11yViolations(page);
  await showLess.click();
  expect((await whole.boundingBox())?.height ?? 0).toBeLessThanOrEqual(lineHeight * 8 + 1);
});

test('Execution Mode respects the filters and Exit resets it', async ({ page }) => {
  await signIn(page);
  await createHabit(page, 'Floss');
  await createTask(page, 'Call the bank');
  await createTask(page, 'Pay rent');
  await openToday(page);

  await chip(page, 'Habits').click();
  await page.getByRole('button', { name: 'Execute Mode' }).click();
  const view = page.getByRole('region', { name: 'Execution Mode' });
  await expect(card(page, 'Call the bank')).toBeVisible();
  await expect(view.getByText('2 remaining')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(card(page, 'Pay rent')).toBeVisible();
  await expect(view.getByRole('button', { name: 'Next' })).toBeDisabled();

  await view.getByRole('button', { name: 'Exit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(count(page)).toHaveText('2 of 3 items');
  await page.getByRole('button', { name: 'Execute Mode' }).click();
  await expect(card(page, 'Call the bank')).toBeVisible();
  await expect(page.getByTestId('execution-timer')).toHaveText('0:00');
});

async function signedInContext(browser: Browser, timezoneId: string, email: string) {
  const context = await browser.newContext({ timezoneId, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

test('a habit done in a far-east time zone is still open in a far-west one', async ({ browser }) => {
  const email = uniqueEmail('zones');
  // UTC+14 and UTC−11 are 25 hours apart: their calendar dates always differ.
  const east = await signedInContext(browser, 'Pacific/Kiritimati', email);
  const gym = await createGoal(east.page, 'Gym', { isHabitGoal: true });
  await createHabit(east.page, 'Meditate');
  await createTask(east.page, 'Squats', { goalId: gym.id });
  await openToday(east.page);
  for (const title of ['Meditate', 'Squats']) {
    const box = card(east.page, title).getByRole('checkbox', { name: `Complete ${title}` });
    await box.click({ force: true });
    await expect(box).toBeChecked();
  }
  await east.page.waitForLoadState('networkidle');
  await east.page.reload();
  await expect(card(east.page, 'Meditate').getByRole('checkbox')).toBeChecked();
  await expect(card(east.page, 'Meditate').getByText('1 completion')).toBeAttached();

  const west = await signedInContext(browser, 'Pacific/Pago_Pago', email);
  await openToday(west.page);
  for (const title of ['Meditate', 'Squats']) {
    await expect(
      card(west.page, title).getByRole('checkbox', { name: `Complete ${title}` }),
    ).not.toBeChecked();
    // The count of completed days is kept across days.
    await expect(card(west.page, title).getByText('1 completion')).toBeAttached();
  }
  await west.page.getByRole('button', { name: 'Execute Mode' }).click();
  await expect(west.page.getByText('2 remaining')).toBeVisible();

  await east.context.close();
  await west.context.close();
});

test('Today and Execution Mode in dark mode', { tag: '@phone' }, async ({ page }) => {
  await signIn(page);
  const book = await createGoal(page, 'Write a book', { color: 'violet' });
  await createTask(page, 'Outline part two', { goalId: book.id });
  await createHabit(page, 'Walk 8k steps', { completedToday: false });
  await createTask(page, 'Renew passport', { completed: true });
  await setTheme(page, 'dark');
  await openToday(page);
  await expect(count(page)).toHaveText('3 of 3 items');
  await expectNoA11yViolations(page);
  await snap(page, 'today-list');

  await page.getByRole('button', { name: 'Execute Mode' }).click();
  await expect(page.getByRole('heading', { name: 'Execution Mode' })).toBeVisible();
  await expectNoA11yViolations(page);
  await snap(page, 'execution-mode');
});

test('the loading skeleton has three rows', { tag: '@phone' }, async ({ page }) => {
  await signIn(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/today', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/today');
  await expect(page.getByTestId('today-skeleton-row')).toHaveCount(3);
  release();
  await expect(page.getByText('No items for today')).toBeVisible();
});
