import {
  accountMenuButton,
  expect,
  expectNoA11yViolations,
  post,
  setTheme,
  signInByRequest,
  snap,
  test,
} from './fixtures';

/*
 * A habit's history (docs/product.md#history): opened from the count badge and from the card's menu,
 * a tap on a day changes it, and the card on Today follows at once. A habit made during a journey can
 * be given its past, up to a year back (docs/decisions/031-a-habits-past.md); the year's edge and the
 * day rules are covered by tests/server/history.test.ts with a clock.
 */
test('open the history, change today from the calendar, and see the streak and the card follow', async ({
  page,
}) => {
  await signInByRequest(page);
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
  // Only the calendar's first days, more than a year back, cannot be changed.
  const tooOld = dialog.getByRole('button', { name: /, cannot be changed$/ });
  await expect(tooOld.first()).toHaveAttribute('aria-disabled', 'true');
  expect(await tooOld.count()).toBeLessThanOrEqual(6);

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

// Someone moving from another app or from paper logs last week on a habit made today.
for (const theme of ['light', 'dark'] as const) {
  test(`a habit made today is given its past: yesterday and a day last week (${theme})`, {
    tag: '@phone',
  }, async ({ page }) => {
    // axe reads the 371 days of the calendar, which takes a while on a busy machine.
    test.slow();
    await signInByRequest(page);
    const title = 'Evening walk';
    await post(page.request, '/api/habits', { title, isToday: true });
    await setTheme(page, theme);
    await page.goto('/');
    const card = page.getByRole('article', { name: title });
    await card.getByRole('button', { name: `More actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'History' }).click();
    const dialog = page.getByRole('dialog', { name: `History of ${title}` });
    await expect(dialog.getByText(/also those before you added it\.$/)).toBeVisible();

    // From today, the arrow keys go a day back (up) and a week back (left): both before the habit.
    const focused = dialog.locator('button:focus');
    await dialog.getByRole('button', { name: /\(today\), not done$/ }).focus();
    await page.keyboard.press('ArrowUp');
    await expect(focused).toHaveAccessibleName(/, not done$/);
    await expect(focused).not.toHaveAttribute('aria-disabled');
    await page.keyboard.press('Space');
    await expect(focused).toHaveAccessibleName(/, done$/);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Space');
    await expect(focused).toHaveAccessibleName(/, done$/);

    // Yesterday carries the streak while today is not done yet; the week-old day counts in 30 days.
    const figure = (name: string) => dialog.locator('div').filter({ hasText: new RegExp(`^${name}`) });
    await expect(figure('Current streak')).toContainText('1 day');
    await expect(figure('Last 7 days')).toContainText('1');
    await expect(figure('Last 30 days')).toContainText('2');
    await expect(dialog.getByRole('button', { name: /, done$/ })).toHaveCount(2);
    await expectNoA11yViolations(page);
    await snap(page, 'history-past', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(card.getByRole('button', { name: `History of ${title}: 2 days done` })).toBeVisible();
    await expect(card.getByRole('checkbox', { name: `Complete ${title}` })).not.toBeChecked();
  });
}

test('the history fits a 320 px phone, with the current week in view', { tag: '@phone-only' }, async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await signInByRequest(page);
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
  await signInByRequest(page);
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
