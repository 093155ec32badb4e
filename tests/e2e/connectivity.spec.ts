import { expect, post, signInByRedirect, snap, test, uniqueEmail } from './fixtures';

/*
 * Offline and unreachable states are visible and honest (docs/product.md#connectivity): a banner says
 * so, a tick that cannot be sent says so instead of spinning, a cancelled dialog sends nothing later,
 * and the app notices by itself when it is back.
 */

test('offline: a banner, a tick that says it could not be saved, and recovery when back', async ({
  page,
  context,
}) => {
  await signInByRedirect(page, uniqueEmail('offline'));
  await post(page.request, '/api/habits', { title: 'Drink water', isToday: true });
  await page.goto('/today');
  const habit = page.getByRole('article', { name: 'Drink water' });
  await expect(habit).toBeVisible();

  await context.setOffline(true);
  const banner = page.getByRole('status').filter({ hasText: "You're offline" });
  await expect(banner).toBeVisible();
  await snap(page, 'offline-today', { fullPage: false });

  const tick = habit.getByRole('checkbox', { name: 'Complete Drink water' });
  await tick.click();
  const toasts = page.getByRole('region', { name: /Notifications/ });
  await expect(toasts.getByText('Could not update habit')).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: /Notifications/ })
      .getByText("You're offline. Check your connection and try again."),
  ).toBeVisible();
  // The list stays on screen: a failed refetch does not replace what was already shown.
  await expect(habit).toBeVisible();
  // Not left spinning: the control is back, unticked.
  await expect(tick).toBeEnabled();
  await expect(tick).not.toBeChecked();

  // A create tried offline and then cancelled is not sent later.
  await page.getByRole('button', { name: 'Add new item' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Made offline');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  // The open dialog hides the rest of the page from the accessibility tree, the toast region too.
  await expect(page.getByText('Could not create task', { exact: true }).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await tick.click();
  await expect(tick).toBeChecked();
  await page.reload();
  await expect(page.getByRole('article', { name: 'Made offline' })).toHaveCount(0);
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
