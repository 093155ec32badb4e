import { expect, post, signInByRedirect, snap, test, uniqueEmail } from './fixtures';

/*
 * Offline and unreachable states are visible and honest (docs/product.md#connectivity): a banner says
 * so, a tick waits on the device and is sent when Stride answers again, a refused one is dropped with
 * a toast, a create says it needs the network and a cancelled dialog sends nothing later, and the app
 * notices by itself when it is back.
 */

test('offline: a banner, a tick kept on the device and sent on reconnect, a create that says it needs the network', async ({
  page,
  context,
}) => {
  await signInByRedirect(page, uniqueEmail('offline'));
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
  await page.reload();
  await expect(page.getByRole('article', { name: 'Drink water' })).toBeVisible();
  await expect(tick).toBeChecked();
  await expect(banner).toContainText('1 change waits to be sent.');

  // A create needs the network: tried offline and then cancelled, it is not sent later.
  await page.getByRole('button', { name: 'Add new item' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Made offline');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog.getByText('Could not create task', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await context.setOffline(false);
  await expect(banner).toHaveCount(0, { timeout: 15_000 });
  // Sent: the server has the tick, and nothing else.
  await expect
    .poll(async () => {
      const today = (await (await page.request.get('/api/today')).json()) as {
        habits: Array<{ title: string; completedToday: boolean }>;
      };
      return today.habits.map((item) => `${item.title}: ${item.completedToday}`);
    })
    .toEqual(['Drink water: true']);
  await page.reload();
  await expect(tick).toBeChecked();
  await expect(page.getByRole('article', { name: 'Made offline' })).toHaveCount(0);
});

test('a change kept offline that the server refuses on reconnect is dropped with a toast, not retried', async ({
  page,
  context,
}) => {
  await signInByRedirect(page, uniqueEmail('refused'));
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
  await signInByRedirect(page, uniqueEmail('unreachable'));
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
