import { expect, expectSavedOnDevice, post, signInByRequest, snap, test, uniqueEmail } from './fixtures';

// These journeys are about the service worker: it is blocked in the others (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/*
 * Offline and unreachable states are visible and honest (docs/product.md#connectivity): a banner says
 * so, a tick, a new task and an edit wait on the device and are sent when Stride answers again, a
 * refused one is dropped with a toast, and the app notices by itself when it is back. Every other kind
 * of change kept offline: tests/e2e/offline-changes.spec.ts.
 */

test('offline: a banner, a tick, a new task and an edit kept on the device and sent on reconnect', async ({
  page,
  context,
}) => {
  await signInByRequest(page, uniqueEmail('offline'));
  await post(page.request, '/api/habits', { title: 'Drink water', isToday: true });
  await post(page.request, '/api/habits', { title: 'Stretch' });
  await page.goto('/today');
  const habit = page.getByRole('article', { name: 'Drink water' });
  await expect(habit).toBeVisible();
  // The service worker keeps the app for the offline reload below (docs/decisions/018-installable-app.md).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await context.setOffline(true);
  const banner = page.getByRole('status').filter({ hasText: "You're offline" });
  await expect(banner).toBeVisible();

  // A tick made offline shows at once, waits on the device, and says so in the banner.
  const tick = habit.getByRole('checkbox', { name: 'Complete Drink water' });
  await tick.click();
  await expect(tick).toBeChecked();
  await expect(banner).toContainText('1 change waits to be sent.');
  await snap(page, 'offline-today', { fullPage: false });
  // The list stays on screen: a failed refetch does not replace what was already shown.
  await expect(habit).toBeVisible();

  // A reload offline opens the app and the last data seen, tick included.
  await expectSavedOnDevice(page, '"completedToday":true');
  await page.reload();
  await expect(page.getByRole('article', { name: 'Drink water' })).toBeVisible();
  await expect(tick).toBeChecked();
  await expect(banner).toContainText('1 change waits to be sent.');

  // A new task waits too, under the id the browser gave it, and so does an edit.
  await page.getByRole('button', { name: 'Add new item' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Made offline');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Made offline' })).toBeVisible();
  await expect(banner).toContainText('2 changes wait to be sent.');
  await page
    .getByRole('article', { name: 'Drink water' })
    .getByRole('button', { name: /actions/i })
    .click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog');
  await edit.getByRole('textbox', { name: 'Title' }).fill('Drink more water');
  await edit.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(edit).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Drink more water' })).toBeVisible();
  await expect(banner).toContainText('3 changes wait to be sent.');

  await context.setOffline(false);
  await expect(banner).toHaveCount(0, { timeout: 15_000 });
  // Sent, in order and once: the tick, the one new task and the edit.
  await expect
    .poll(async () => {
      const today = (await (await page.request.get('/api/today')).json()) as {
        tasks: Array<{ title: string }>;
        habits: Array<{ title: string; completedToday: boolean }>;
      };
      return [
        ...today.habits.map((item) => `${item.title}: ${item.completedToday}`),
        ...today.tasks.map((item) => item.title),
      ];
    })
    .toEqual(['Drink more water: true', 'Made offline']);
  await page.reload();
  await expect(
    page
      .getByRole('article', { name: 'Drink more water' })
      .getByRole('checkbox', { name: 'Complete Drink more water' }),
  ).toBeChecked();
  await expect(page.getByRole('article', { name: 'Made offline' })).toHaveCount(1);
});

test('a change kept offline that the server refuses on reconnect is dropped with a toast, not retried', async ({
  page,
  context,
}) => {
  await signInByRequest(page, uniqueEmail('refused'));
  const habit = await post(page.request, '/api/habits', { title: 'Read', isToday: true });
  await page.goto('/today');
  const card = page.getByRole('article', { name: 'Read' });
  await expect(card).toBeVisible();
  await context.setOffline(true);
  await card.getByRole('checkbox', { name: 'Complete Read' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 change waits to be sent.' })).toBeVisible();
  // Meanwhile another device deletes the habit. Stride stays out of this page's reach until then.
  await page.route('**/api/health', (route) => route.abort('connectionrefused'));
  await context.setOffline(false);
  const gone = await page.request.delete(`/api/habits/${habit.id}`, {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(gone.status()).toBe(204);
  await page.unroute('**/api/health');
  await expect(page.getByText('A change made offline was not saved', { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText('A tick: Habit not found', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Read' })).toHaveCount(0);
});

test('a server that cannot be reached shows the banner, and it goes when the server answers again', async ({
  page,
}) => {
  await signInByRequest(page, uniqueEmail('unreachable'));
  await page.goto('/today');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  // Every API call fails as if the server were gone.
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Items' }).click();
  const banner = page.getByRole('status').filter({ hasText: "Can't reach Stride right now" });
  await expect(banner).toBeVisible();
  await page.unroute('**/api/**');
  await expect(banner).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'All Items' })).toBeVisible();
});
