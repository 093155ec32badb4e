import {
  accountMenuButton,
  expect,
  expectNoA11yViolations,
  post,
  setTheme,
  signInByRedirect,
  snap,
  test,
} from './fixtures';

/*
 * A habit's history (docs/product.md#history): opened from the count badge and from the card's menu,
 * a tap on a day changes it, and the card on Today follows at once. A habit made during the journey
 * has only today to change (the history starts on the item's first day); past days are covered by
 * tests/server/history.test.ts with a clock.
 */
test('open the history, change today from the calendar, and see the streak and the card follow', async ({
  page,
}) => {
  await signInByRedirect(page);
  const title = 'Stretch';
  await post(page.request, '/api/habits', { title, isToday: true });
  await page.goto('/');
  const card = page.getByRole('article', { name: title });
  // The checkbox follows the server's answer, so click and wait rather than check().
  await card.getByRole('checkbox', { name: `Complete ${title}` }).click();
  await expect(card.getByRole('checkbox', { name: `Complete ${title}` })).toBeChecked();
  await card.getByRole('button', { name: `History of ${title}: 1 day done` }).click();

  const dialog = page.getByRole('dialog', { name: `History of ${title}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Current streak')).toBeVisible();
  const streak = dialog.locator('div').filter({ hasText: /^Current streak/ });
  await expect(streak).toContainText('1 day');
  const today = dialog.getByRole('button', { name: /\(today\), (done|not done)$/ });
  await expect(today).toHaveAccessibleName(/\(today\), done$/);
  // The day before the habit existed cannot be changed.
  const earlier = dialog.getByRole('button', { name: /, cannot be changed$/ }).last();
  await expect(earlier).toHaveAttribute('aria-disabled', 'true');

  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await card.getByRole('button', { name: `History of ${title}: 1 day done` }).click();
    await expect(dialog.getByRole('button', { name: /\(today\), done$/ })).toBeVisible();
    await expectNoA11yViolations(page);
    await snap(page, 'history', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }

  // Untick today from the calendar: the streak drops and the card on Today follows.
  await card.getByRole('button', { name: `History of ${title}: 1 day done` }).click();
  await dialog.getByRole('button', { name: /\(today\), done$/ }).click();
  await expect(dialog.getByRole('button', { name: /\(today\), not done$/ })).toBeVisible();
  await expect(streak).toContainText('0 days');
  await page.keyboard.press('Escape');
  await expect(card.getByRole('checkbox', { name: `Complete ${title}` })).not.toBeChecked();
  await expect(card.getByRole('button', { name: /^History of/ })).toHaveCount(0);

  // From the card's menu this time (the badge is gone with the count): tick today again.
  await card.getByRole('button', { name: `More actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  await dialog.getByRole('button', { name: /\(today\), not done$/ }).click();
  await expect(streak).toContainText('1 day');
  await page.keyboard.press('Escape');
  await expect(card.getByRole('checkbox', { name: `Complete ${title}` })).toBeChecked();
});

test('the history fits a 320 px phone, with the current week in view', { tag: '@phone-only' }, async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await signInByRedirect(page);
  const title = 'Read ten pages';
  const goal = await post(page.request, '/api/goals', { title: 'Mind', isHabitGoal: true, color: 'teal' });
  await post(page.request, '/api/tasks', { title, goalId: goal.id, isToday: true });
  await page.goto('/');
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: `More actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  const dialog = page.getByRole('dialog', { name: `History of ${title}` });
  const today = dialog.getByRole('button', { name: /\(today\), not done$/ });
  await expect(today).toBeInViewport();
  await today.click();
  await expect(dialog.getByRole('button', { name: /\(today\), done$/ })).toBeVisible();
  // The sheet is no wider than the screen.
  const box = await dialog.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(320);
  await expectNoA11yViolations(page);
  await snap(page, 'history-320', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(card.getByRole('button', { name: `History of ${title}: 1 day done` })).toBeVisible();
});

test('"Day starts at" and the time zone are set in the account settings', async ({ page }) => {
  await signInByRedirect(page);
  await page.goto('/');
  await accountMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const hour = page.getByLabel('Day starts at');
  await expect(hour).toHaveValue('0');
  await hour.selectOption({ label: '4:00' });
  await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();
  const zone = page.getByLabel('Time zone');
  await zone.selectOption('Asia/Tokyo');
  await expect(page.getByText(/Stride is using Asia\/Tokyo\.$/)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Day starts at')).toHaveValue('4');
  await expect(page.getByLabel('Time zone')).toHaveValue('Asia/Tokyo');
  await expectNoA11yViolations(page);
  await snap(page, 'settings-day');
});
