import { readFile } from 'node:fs/promises';
import {
  expect,
  expectNoA11yViolations,
  post,
  setTheme,
  signIn,
  signInByRequest,
  snap,
  test,
  uniqueEmail,
} from './fixtures';

/*
 * Taking the data out, bringing it back, and leaving (docs/product.md#your-data): the files come from
 * the Settings screen's own links, the import from its file picker, and the deletion ends signed out
 * with nothing left to sign back in to.
 */

test('exports everything, brings a deleted task back from the file, and a second import adds nothing', async ({
  page,
}) => {
  await signIn(page, uniqueEmail('export'));
  const goal = await post(page.request, '/api/goals', { title: 'Learn Arabic' });
  await post(page.request, '/api/tasks', { title: 'قراءة فصل', goalId: goal.id, isToday: true });
  const doomed = await post(page.request, '/api/tasks', { title: 'Renew passport' });
  await post(page.request, '/api/habits', { title: 'Stretch', isToday: true });
  await page.goto('/settings');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export as JSON' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^stride-export-\d{4}-\d{2}-\d{2}\.json$/);
  const path = await download.path();
  const file = JSON.parse(await readFile(path, 'utf8')) as { tasks: Array<{ title: string }> };
  expect(file.tasks.map((task) => task.title)).toEqual(['قراءة فصل', 'Renew passport']);

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export Tasks as CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^stride-tasks-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(await readFile(await csv.path(), 'utf8')).toContain('Renew passport');

  const gone = await page.request.delete(`/api/tasks/${doomed.id}`, {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(gone.status()).toBe(204);

  await page.getByLabel('Stride export file to import').setInputFiles(path);
  await expect(page.getByText('Import finished', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Added 1 task. 3 items were already here and left as they are.', { exact: true }),
  ).toBeVisible();
  await page.goto('/all-items');
  await expect(page.getByText('Renew passport')).toBeVisible();

  await page.goto('/settings');
  await page.getByLabel('Stride export file to import').setInputFiles(path);
  await expect(
    page.getByText('Nothing new to add. 4 items were already here and left as they are.', { exact: true }),
  ).toBeVisible();

  // A file that is not an export is refused inside the card, in words.
  await page.getByLabel('Stride export file to import').setInputFiles({
    name: 'notes.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"shopping": ["milk"]}'),
  });
  await expect(page.getByRole('alert')).toContainText('Could not import that file');
  await expect(page.getByRole('alert')).toContainText('This is not a Stride export file');
  await snap(page, 'your-data');
  await setTheme(page, 'dark');
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
  await expectNoA11yViolations(page);
  await snap(page, 'your-data');
});

test('a long import shows how far it has got, and ends with a toast wherever the person went meanwhile', async ({
  page,
}) => {
  await signInByRequest(page, uniqueEmail('importing'));
  await page.goto('/settings');
  // The server's answer is held until the person has moved on, so the progress is seen every time.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route('**/api/account/import', async (route) => {
    await held;
    await route.continue();
  });
  // Large enough (about 0.3 MB) for the server to read it in a worker thread, as it does a long import's.
  const days = Array.from({ length: 1_200 }, (_, back) => {
    const day = new Date(Date.UTC(2023, 0, 1) + back * 86_400_000);
    return day.toISOString().slice(0, 10);
  });
  const file = {
    format: 'stride-export',
    version: 3,
    habits: Array.from({ length: 20 }, (_, i) => ({
      id: crypto.randomUUID(),
      title: `Read ${i + 1}`,
      isToday: false,
      todaySortOrder: 0,
      sortOrder: i,
      completedDays: days,
    })),
  };
  await page.getByLabel('Stride export file to import').setInputFiles({
    name: 'stride-export.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(file)),
  });
  await expect(page.getByRole('progressbar', { name: 'Import' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import a Stride export' })).toBeDisabled();
  await expectNoA11yViolations(page);
  await snap(page, 'import-running');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Today' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  answer();
  await expect(page.getByText('Import finished', { exact: true })).toBeVisible();
  await expect(page.getByText('Added 20 habits and 24,000 completed days.', { exact: true })).toBeVisible();
});

test('deleting the account names what goes, ends signed out, and a new sign-in starts empty', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('leaving');
  await signIn(page, email);
  const goal = await post(page.request, '/api/goals', { title: 'Marathon' });
  await post(page.request, '/api/tasks', { title: 'Long run', goalId: goal.id, isToday: true });
  await post(page.request, '/api/habits', { title: 'Sleep by 11' });
  // A second device, signed out by the deletion too.
  const phone = await browser.newContext();
  const phonePage = await phone.newPage();
  await signIn(phonePage, email);

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete account…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText(
    'This deletes 1 goal, 1 task, 1 habit and 0 completed days, and signs out 2 devices.',
  );
  for (const theme of ['light', 'dark'] as const) {
    await snap(page, `delete-account-${theme}`);
    if (theme === 'light') await expectNoA11yViolations(page);
    if (theme === 'light') {
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await setTheme(page, 'dark');
      await page.getByRole('button', { name: 'Delete account…' }).click();
      await expect(dialog).toContainText('signs out 2 devices');
    }
  }
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('button', { name: 'Sign In with Google' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');

  await phonePage.reload();
  await expect(phonePage.getByRole('button', { name: 'Sign In with Google' })).toBeVisible();
  await phone.close();

  await signIn(page, email);
  const today = await page.request.get('/api/today');
  expect(await today.json()).toEqual({ tasks: [], habits: [] });
});
