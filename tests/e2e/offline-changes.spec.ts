import type { Locator, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, post, setTheme, signInByRequest, snap, test } from './fixtures';

// These journeys are about the service worker: it is blocked in the others (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/*
 * Every change a person can make works offline (docs/product.md#connectivity, docs/decisions/029-api-contract.md):
 * a task completed and un-completed, an item put on Today and taken off, a task planned for a day, an
 * edit, a delete with its Undo. Each shows at once with its usual toast and no error, survives a reload,
 * and is sent in the order made when Stride answers again.
 */

const notifications = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const toast = (page: Page, title: string) => notifications(page).getByText(title, { exact: true });
const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const banner = (page: Page) => page.getByRole('status').filter({ hasText: "You're offline" });

/** A change's own toast says it was made; a kept change never gets the "Could not…" one instead. */
async function madeWith(page: Page, title: string): Promise<void> {
  await expect(toast(page, title)).toBeVisible();
  await expect(notifications(page).getByText(/^Could not/)).toHaveCount(0);
}

async function openMenu(page: Page, item: Locator, title: string, entry: string): Promise<void> {
  await item.getByRole('button', { name: `More actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: entry }).click();
}

type Write = { method: string; path: string; body: Record<string, unknown> };

test('every kind of change made offline shows at once without an error, and reaches the server in order', {
  tag: '@phone',
}, async ({ page, context }) => {
  test.slow();
  await signInByRequest(page);
  const milk = await post(page.request, '/api/tasks', {
    title: 'Buy milk',
    isToday: true,
    todaySortOrder: 0,
  });
  const plants = await post(page.request, '/api/tasks', {
    title: 'Water plants',
    isToday: true,
    todaySortOrder: 1,
  });
  const mum = await post(page.request, '/api/tasks', { title: 'Call mum' });
  const note = await post(page.request, '/api/tasks', { title: 'Old note' });
  const stretch = await post(page.request, '/api/habits', {
    title: 'Stretch',
    isToday: true,
    todaySortOrder: 2,
  });

  // Both screens read once online, so this device holds their lists; the service worker keeps the app
  // for the reload offline below (docs/decisions/018-installable-app.md).
  await page.goto('/today');
  await expect(card(page, 'Buy milk')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Items' }).click();
  await expect(card(page, 'Old note')).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await context.setOffline(true);
  await expect(banner(page)).toBeVisible();

  // Complete a task; complete another and un-complete it.
  await card(page, 'Buy milk').getByRole('checkbox', { name: 'Complete Buy milk' }).click();
  await madeWith(page, 'Task completed');
  await expect(card(page, 'Buy milk').getByRole('checkbox')).toBeChecked();
  const callMum = card(page, 'Call mum').getByRole('checkbox', { name: 'Complete Call mum' });
  await callMum.click();
  await madeWith(page, 'Task completed');
  await callMum.click();
  await expect(callMum).not.toBeChecked();

  // Off Today, and onto it.
  await card(page, 'Water plants').getByRole('button', { name: 'Remove from Today' }).click();
  await madeWith(page, 'Removed from Today');
  await card(page, 'Call mum').getByRole('button', { name: 'Add to Today' }).click();
  await madeWith(page, 'Added to Today');
  await expect(card(page, 'Call mum').getByRole('button', { name: 'Remove from Today' })).toBeVisible();

  // Planned for tomorrow.
  await openMenu(page, card(page, 'Call mum'), 'Call mum', 'Plan for…');
  await page
    .getByRole('dialog', { name: 'Plan for' })
    .getByRole('button', { name: /^Tomorrow/ })
    .click();
  await madeWith(page, 'Task planned');
  await expect(card(page, 'Call mum, Tomorrow')).toBeVisible();

  // An edit in the item dialog: saved, the dialog closes, the card shows it.
  await openMenu(page, card(page, 'Stretch'), 'Stretch', 'Edit habit');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Stretch well');
  await dialog.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await madeWith(page, 'Habit updated');
  await expect(card(page, 'Stretch well')).toBeVisible();

  // A delete: gone at once, and Undo brings it back; deleted again, it stays gone once its toast goes.
  await openMenu(page, card(page, 'Old note'), 'Old note', 'Delete task');
  await madeWith(page, 'Task deleted');
  await expect(card(page, 'Old note')).toHaveCount(0);
  await notifications(page).getByRole('button', { name: 'Undo' }).click();
  await expect(card(page, 'Old note')).toBeVisible();
  await openMenu(page, card(page, 'Old note'), 'Old note', 'Delete task');
  await madeWith(page, 'Task deleted');
  await notifications(page).getByRole('button', { name: 'Close' }).click();
  await expect(toast(page, 'Task deleted')).toHaveCount(0);
  await expect(card(page, 'Old note')).toHaveCount(0);
  await expect(banner(page)).toContainText('8 changes wait to be sent.');

  // Today shows them all, as the server will, and so does a reload without a network, in both themes.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Today' }).click();
  const today = page.getByRole('list', { name: 'Today items' });
  const onToday = () =>
    today.getByRole('article').evaluateAll((cards) => cards.map((item) => item.getAttribute('aria-label')));
  const expectedToday = ['Buy milk', 'Stretch well', 'Call mum, Tomorrow'];
  await expect.poll(onToday).toEqual(expectedToday);
  await expect(card(page, 'Buy milk').getByRole('checkbox')).toBeChecked();
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expect.poll(onToday).toEqual(expectedToday);
    await expect(banner(page)).toContainText('8 changes wait to be sent.');
    await expectNoA11yViolations(page);
    await snap(page, 'offline-changes', { fullPage: false });
  }

  // Back online: sent one at a time, in the order made.
  const writes: Write[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' || !url.pathname.startsWith('/api/')) return;
    writes.push({ method: request.method(), path: url.pathname, body: request.postDataJSON() ?? {} });
  });
  await context.setOffline(false);
  await expect(banner(page)).toHaveCount(0, { timeout: 15_000 });
  await expect.poll(() => writes.length).toBe(8);
  expect(writes.map(({ method, path, body }) => [method, path, Object.keys(body).sort().join(',')])).toEqual([
    ['PATCH', `/api/tasks/${milk.id}`, 'completed'],
    ['PATCH', `/api/tasks/${mum.id}`, 'completed'],
    ['PATCH', `/api/tasks/${mum.id}`, 'completed'],
    ['PATCH', `/api/tasks/${plants.id}`, 'isToday'],
    ['PATCH', `/api/tasks/${mum.id}`, 'isToday'],
    ['PATCH', `/api/tasks/${mum.id}`, 'plannedFor'],
    ['PATCH', `/api/habits/${stretch.id}`, expect.stringContaining('title')],
    ['DELETE', `/api/tasks/${note.id}`, ''],
  ]);

  // The server holds the result of that order: Call mum un-completed last, on Today, for tomorrow.
  const tasks = (await (await page.request.get('/api/tasks')).json()) as Array<Record<string, unknown>>;
  const byTitle = Object.fromEntries(tasks.map((task) => [task.title, task]));
  expect(Object.keys(byTitle).sort()).toEqual(['Buy milk', 'Call mum', 'Water plants']);
  expect(byTitle['Buy milk']).toMatchObject({ completed: true });
  expect(byTitle['Water plants']).toMatchObject({ isToday: false });
  expect(byTitle['Call mum']).toMatchObject({
    completed: false,
    isToday: true,
    plannedFor: writes[5]?.body.plannedFor,
  });
  const habits = (await (await page.request.get('/api/habits')).json()) as Array<{ title: string }>;
  expect(habits.map((habit) => habit.title)).toEqual(['Stretch well']);
  await page.reload();
  await expect.poll(onToday).toEqual(expectedToday);
});
