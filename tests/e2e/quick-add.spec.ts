import type { Locator, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, post, signInByRequest, snap, test } from './fixtures';

/*
 * Quick add (docs/product.md#quick-add): one line at the top of Today and of each All Items section;
 * Enter makes a task there and the field stays ready for the next one.
 */

const titles = (list: Locator) =>
  list.getByRole('article').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')));
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('on Today: two tasks typed in a row land at the end of Today, and the field keeps focus', {
  tag: '@phone',
}, async ({ page }) => {
  await signInByRequest(page);
  await post(page.request, '/api/tasks', { title: 'Already here', isToday: true });
  await page.goto('/today');
  const field = page.getByRole('textbox', { name: 'New task on Today' });
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/tasks') posts += 1;
  });
  await field.press('Enter');
  await field.fill('   ');
  await field.press('Enter');
  await field.fill('Buy milk');
  await field.press('Enter');
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();
  await field.pressSequentially('Call mum');
  await field.press('Enter');
  const list = page.getByRole('list', { name: 'Today items' });
  await expect.poll(() => titles(list)).toEqual(['Already here', 'Buy milk', 'Call mum']);
  expect(posts, 'an empty line sends nothing').toBe(2);
  await expect(field).toBeFocused();
  await expectNoA11yViolations(page);
  await snap(page, 'quick-add-today', { fullPage: false });

  await page.reload();
  await expect
    .poll(() => titles(page.getByRole('list', { name: 'Today items' })))
    .toEqual(['Already here', 'Buy milk', 'Call mum']);
});

test('on All Items: a goal section adds into that goal, Todos adds a todo, a too-long title is not sent', async ({
  page,
}) => {
  await signInByRequest(page);
  await post(page.request, '/api/goals', { title: 'Garden', color: 'green' });
  await page.goto('/all-items');
  const garden = section(page, 'Garden');
  const gardenField = garden.getByRole('textbox', { name: 'New task in Garden' });
  await gardenField.fill('Plant tulips');
  await gardenField.press('Enter');
  await expect(garden.getByRole('article', { name: 'Plant tulips' })).toBeVisible();
  await expect(gardenField).toBeFocused();

  const todos = section(page, 'Todos');
  const todoField = todos.getByRole('textbox', { name: 'New todo' });
  await todoField.fill('مهمة سريعة');
  await todoField.press('Enter');
  await expect(todos.getByRole('article', { name: 'مهمة سريعة' })).toBeVisible();

  await todoField.fill('x'.repeat(201));
  await todoField.press('Enter');
  await expect(todos.getByRole('alert')).toHaveText('Title must be at most 200 characters');
  await expect(todoField).toHaveValue('x'.repeat(201));

  const tasks = (await (await page.request.get('/api/tasks')).json()) as Array<{
    title: string;
    goalId: string | null;
    isToday: boolean;
  }>;
  const goals = (await (await page.request.get('/api/goals')).json()) as Array<{ id: string; title: string }>;
  const gardenId = goals.find((goal) => goal.title === 'Garden')?.id;
  expect(tasks.map(({ title, goalId, isToday }) => ({ title, goalId, isToday }))).toEqual(
    expect.arrayContaining([
      { title: 'Plant tulips', goalId: gardenId, isToday: false },
      { title: 'مهمة سريعة', goalId: null, isToday: false },
    ]),
  );
  expect(tasks).toHaveLength(2);
  await expectNoA11yViolations(page);
  await snap(page, 'quick-add-all-items', { fullPage: false });
});
