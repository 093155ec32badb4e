import {
  accountMenuButton,
  expect,
  expectNoA11yViolations,
  setTheme,
  signIn,
  snap,
  test,
  uniqueEmail,
} from './fixtures';

test('account settings list the signed-in devices and sign the others out', async ({ page, browser }) => {
  const email = uniqueEmail('devices');
  await signIn(page, email);
  // A second device: another browser context signs in as the same person.
  const laptop = await browser.newContext();
  const laptopPage = await laptop.newPage();
  await signIn(laptopPage, email);

  await accountMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  const devices = page.getByRole('listitem').filter({ hasText: 'Chrome on' });
  await expect(devices).toHaveCount(2);
  // Exact: the Your day card also speaks of "this device’s time zone".
  await expect(page.getByText('This device', { exact: true })).toHaveCount(1);

  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expect(devices).toHaveCount(2);
    await expectNoA11yViolations(page);
    await snap(page, 'settings');
  }

  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('Signed out everywhere else', { exact: true })).toBeVisible();
  await expect(devices).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();

  // The other device is signed out at its next call.
  await laptopPage.reload();
  await expect(laptopPage.getByRole('button', { name: 'Sign In with Google' })).toBeVisible();
  await laptop.close();
});

test('a sign-in link on another site asks before signing anyone in', async ({ page, baseURL }) => {
  // A page elsewhere (an opaque origin) links to our sign-in with an address of its choosing.
  await page.setContent(
    `<a href="${baseURL}/api/auth/google?login_hint=mallory%40example.com">You won a prize</a>`,
  );
  await page.getByRole('link', { name: 'You won a prize' }).click();
  await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
  await expect(page.getByText('You will be signed in as mallory@example.com')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/login\?error=sign_in_cancelled$/);
  await expect(page.getByRole('alert')).toHaveText('Sign-in was cancelled. Sign in again whenever you like.');
  await expect(accountMenuButton(page)).toHaveCount(0);
});
