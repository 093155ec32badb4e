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
 * The yardstick for a full account: a realistic one (5 goals, 60 tasks, 15 habits, 10 of them on Today)
 * is comfortable to manage on a phone and on a desktop. The data is made through the API as the signed-in
 * browser; the journey then finds, filters, folds and completes things through the screens.
 */

const GOALS = [
  { title: 'Run a half marathon', color: 'rose', isHabitGoal: false },
  { title: 'Learn Portuguese', color: 'teal', isHabitGoal: false },
  { title: 'Ship the side project', color: 'indigo', isHabitGoal: false },
  { title: 'Renovate the kitchen', color: 'amber', isHabitGoal: false },
  { title: 'Morning routine', color: 'sky', isHabitGoal: true },
] as const;
const TASKS_PER_GOAL = 8;
const TODOS = 20;
const HABITS = 15;
const ON_TODAY = 10;

/**
 * 5 goals × 8 tasks, 20 todos, 15 habits; the first 5 todos and first 5 habits are on Today. Each
 * list's rows are posted together. Every row names its own sortOrder, so All Items' order does not
 * depend on which request arrives first; the Today order does, and this journey does not check it.
 */
async function seed(request: APIRequestContext): Promise<void> {
  const steps = (n: number) => Array.from({ length: n }, (_, index) => index + 1);
  for (const [g, goal] of GOALS.entries()) {
    const { id: goalId } = await post(request, '/api/goals', { ...goal, sortOrder: g });
    await Promise.all(
      steps(TASKS_PER_GOAL).map((t) =>
        post(request, '/api/tasks', { title: `${goal.title}: step ${t}`, goalId, sortOrder: t }),
      ),
    );
  }
  await Promise.all(
    steps(TODOS).map((t) =>
      post(request, '/api/tasks', { title: `Errand ${t}`, sortOrder: t, isToday: t <= ON_TODAY / 2 }),
    ),
  );
  await Promise.all(
    steps(HABITS).map((h) =>
      post(request, '/api/habits', { title: `Habit ${h}`, sortOrder: h, isToday: h <= ON_TODAY / 2 }),
    ),
  );
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
const count = (page: Page) => page.getByTestId('all-items-count');

/**
 * How dense a screen is on a phone (docs/decisions/020-density.md): the rows wholly visible above the
 * bottom navigation, and where the first one starts.
 */
async function rowsInView(page: Page): Promise<{ whole: number; firstTop: number }> {
  const nav = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
  const viewport = page.viewportSize();
  if (!nav || !viewport) throw new Error('no navigation or viewport');
  const boxes = await page.getByRole('article').evaluateAll((cards) =>
    cards.map((card) => {
      const box = card.getBoundingClientRect();
      return { top: box.top, bottom: box.bottom };
    }),
  );
  return {
    whole: boxes.filter((box) => box.top >= 0 && box.bottom <= nav.y).length,
    firstTop: Math.min(...boxes.map((box) => box.top)),
  };
}

test('a realistic account: 5 goals, 60 tasks and 15 habits', { tag: '@phone' }, async ({ page }) => {
  await signInByRequest(page, uniqueEmail('realistic'));
  await seed(page.request);

  await page.goto('/all-items');
  const total = GOALS.length * TASKS_PER_GOAL + TODOS + HABITS;
  await expect(count(page)).toHaveText(`${total} of ${total} items`);
  await expect(page.getByRole('article')).toHaveCount(total);
  await expectNoA11yViolations(page);
  await snap(page, 'all-items-realistic', { fullPage: false });
  if (test.info().project.name === 'phone') {
    const { whole, firstTop } = await rowsInView(page);
    expect(whole, 'All Items rows wholly visible on a phone').toBeGreaterThanOrEqual(10);
    expect(firstTop, 'first All Items row starts in the top third').toBeLessThanOrEqual(844 / 3);
    const handle = await page
      .getByRole('button', { name: /^Reorder / })
      .first()
      .boundingBox();
    expect([handle?.width, handle?.height], 'drag handle size').toEqual([44, 44]);
  }

  // Seven chips: on a phone they stay one row that scrolls sideways, so the list starts high on the
  // screen; on a desktop they wrap onto at most two rows.
  const chips = page.getByRole('group', { name: 'Show:' });
  const firstChip = await chips.getByRole('button').first().boundingBox();
  const chipBox = await chips.boundingBox();
  if (!firstChip || !chipBox) throw new Error('chips not laid out');
  const rows = Math.round(chipBox.height / firstChip.height);
  expect(rows, 'rows of filter chips').toBeLessThanOrEqual(test.info().project.name === 'phone' ? 1 : 2);
  if (test.info().project.name === 'phone') {
    // The sideways row fades where more chips wait: at its end first, at its start once scrolled.
    const row = chips.locator(':scope > div');
    const mask = () => row.evaluate((element) => getComputedStyle(element).maskImage);
    await expect.poll(mask, 'fade at the end').toMatch(/^linear-gradient\(90deg, rgb\(0, 0, 0\) 80%/);
    await row.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await expect.poll(mask, 'fade at the start').toMatch(/^linear-gradient\(270deg/);
    await row.evaluate((element) => element.scrollTo({ left: 0 }));
  }

  // Only one goal: a double-click on its chip.
  const kitchen = chips.getByRole('button', { name: /^Renovate the kitchen/ });
  await kitchen.scrollIntoViewIfNeeded();
  await kitchen.dblclick();
  await expect(count(page)).toHaveText(`${TASKS_PER_GOAL} of ${total} items`);
  await expect(page.getByRole('article')).toHaveCount(TASKS_PER_GOAL);
  await expect(section(page, 'Habits')).toHaveCount(0);
  await kitchen.dblclick();
  await expect(count(page)).toHaveText(`${total} of ${total} items`);

  // A long section folds away and comes back.
  const habits = section(page, 'Habits');
  await habits.getByRole('button', { expanded: true }).click();
  await expect(card(page, 'Habit 15')).toBeHidden();
  await habits.getByRole('button', { expanded: false }).click();
  await expect(card(page, 'Habit 15')).toBeVisible();

  // The last todo, far down the page, is completed and stays completed.
  const last = card(page, `Errand ${TODOS}`);
  await last.scrollIntoViewIfNeeded();
  await last.getByRole('checkbox', { name: `Complete Errand ${TODOS}` }).click();
  await expect(last.getByRole('checkbox', { name: `Complete Errand ${TODOS}` })).toBeChecked();
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(card(page, `Errand ${TODOS}`).getByRole('checkbox')).toBeChecked();

  await page.goto('/today');
  await expect(page.getByTestId('today-count')).toHaveText(`${ON_TODAY} of ${ON_TODAY} items`);
  await snap(page, 'today-realistic', { fullPage: false });
  if (test.info().project.name === 'phone') {
    expect((await rowsInView(page)).whole, 'Today rows wholly visible on a phone').toBeGreaterThanOrEqual(10);
  }

  await setTheme(page, 'dark');
  await expect(page.getByTestId('today-count')).toHaveText(`${ON_TODAY} of ${ON_TODAY} items`);
  await snap(page, 'today-realistic', { fullPage: false });
  await page.goto('/all-items');
  await expect(count(page)).toHaveText(`${total} of ${total} items`);
  await snap(page, 'all-items-realistic', { fullPage: false });
});

test('a habit dragged while the long list is still being drawn lands where it was dropped', {
  tag: '@phone',
}, async ({ page }) => {
  await signInByRequest(page, uniqueEmail('drawing'));
  await seed(page.request);
  const total = GOALS.length * TASKS_PER_GOAL + TODOS + HABITS;

  // The page's clock stands still and moves only when told: the drawing's next step waits for a
  // timer, so once the first cards are on screen the rest of the list stays undrawn, on any machine,
  // until the clock runs again (docs/decisions/010-first-load-weight.md, "Sections drawn in parts").
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.goto('/all-items');
  const habits = page.getByRole('list', { name: 'Habits' });
  const handle = page.getByRole('button', { name: 'Reorder Habit 1', exact: true });
  for (let tick = 0; tick < 2000 && !(await handle.isVisible()); tick += 1) await page.clock.runFor(1);
  const from = await handle.boundingBox();
  const target = await card(page, 'Habit 4').boundingBox();
  if (!from || !target) throw new Error('cards not laid out');
  const x = from.x + from.width / 2;
  await page.mouse.move(x, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, from.y + from.height / 2 + 10, { steps: 3 });
  await page.mouse.move(x, target.y + target.height / 2 + 4, { steps: 12 });
  const drawnAtDrop = await page.getByRole('article').count();
  await page.mouse.up();
  expect(drawnAtDrop, 'cards on screen when the habit was dropped').toBeLessThan(total);
  await page.clock.resume();

  const order = ['Habit 2', 'Habit 3', 'Habit 4', 'Habit 1', 'Habit 5'];
  const titles = () =>
    habits.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
  await expect.poll(async () => (await titles()).slice(0, 5)).toEqual(order);
  await expect(page.getByRole('article')).toHaveCount(total);
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect.poll(async () => (await titles()).slice(0, 5)).toEqual(order);
});
