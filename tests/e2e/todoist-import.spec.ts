import {
  expect,
  expectNoA11yViolations,
  setTheme,
  signInByRequest,
  snap,
  test,
  uniqueEmail,
} from './fixtures';

/*
 * A Todoist project brought in from its CSV file (docs/product.md#your-data,
 * docs/decisions/050-import-from-todoist.md): picked on Settings, confirmed in a dialog that says what
 * comes in, and found on All Items as a goal with its tasks and a checklist where Todoist had sub-tasks.
 */

const PROJECT = [
  'TYPE,CONTENT,DESCRIPTION,IS_COLLAPSED,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT,DEADLINE,DEADLINE_LANG',
  'meta,view_style=list,,,,,,,,,,,,,',
  ',,,,,,,,,,,,,,',
  'task,Pack the bag @travel,"Passport, tickets",,1,1,Ana (1),,,,Europe/Paris,,,,',
  'task,Passport,,,4,2,Ana (1),,,,Europe/Paris,,,,',
  'task,Charger,,,4,2,Ana (1),,,,Europe/Paris,,,,',
  ',,,,,,,,,,,,,,',
  'section,At home,,False,,,,,,,,,,,',
  'task,Water the plants,,,3,1,Ana (1),,jeden Montag,de,Europe/Paris,,,,',
].join('\r\n');

const todoistFile = (name: string, text: string) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(text),
});

test('@phone imports a Todoist project: a goal with its tasks, sub-tasks as a checklist, once only', async ({
  page,
}) => {
  await signInByRequest(page, uniqueEmail('todoist'));
  await page.goto('/settings');

  const picker = page.getByLabel('Todoist CSV files to import');
  await picker.setInputFiles(todoistFile('Trip.csv', PROJECT));
  const dialog = page.getByRole('dialog', { name: 'Import from Todoist?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('1 project, 2 tasks, 2 checklist items.', { exact: false })).toBeVisible();
  await expect(dialog).toContainText('1 date could not be read: that task comes without a date.');
  await expect(dialog).toContainText('1 section is not kept: its tasks keep their order.');
  await expectNoA11yViolations(page);
  await snap(page, 'todoist-confirm', { fullPage: false });

  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Import finished', { exact: true })).toBeVisible();
  await expect(page.getByText('Added 1 goal and 2 tasks.', { exact: true })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Items' }).click();
  await expect(page.getByRole('heading', { name: 'Trip' })).toBeVisible();
  const packing = page.getByRole('article', {
    name: 'Pack the bag, High priority, 0 of 2 checklist items done, label travel',
  });
  await expect(packing.getByText('0/2', { exact: true })).toBeVisible();
  await expect(page.getByText('Water the plants')).toBeVisible();
  await snap(page, 'todoist-all-items');

  // The same file again adds nothing.
  await page.goto('/settings');
  await page.getByLabel('Todoist CSV files to import').setInputFiles(todoistFile('Trip.csv', PROJECT));
  await page
    .getByRole('dialog', { name: 'Import from Todoist?' })
    .getByRole('button', { name: 'Import' })
    .click();
  await expect(
    page.getByText('Nothing new to add. 3 items were already here and left as they are.', { exact: true }),
  ).toBeVisible();
});

test('@phone refuses a CSV file that is not a Todoist export, naming it, in either theme', async ({
  page,
}) => {
  await signInByRequest(page, uniqueEmail('todoist-refused'));
  await page.goto('/settings');
  await page
    .getByLabel('Todoist CSV files to import')
    .setInputFiles(todoistFile('groceries.csv', 'Item,Amount\nMilk,2'));
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Could not import that file');
  await expect(alert).toContainText('“groceries.csv” is not a Todoist export');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await alert.scrollIntoViewIfNeeded();
  await snap(page, 'todoist-refused', { fullPage: false });
  await setTheme(page, 'dark');
  await page.getByLabel('Todoist CSV files to import').setInputFiles(todoistFile('Trip.csv', PROJECT));
  await expect(page.getByRole('dialog', { name: 'Import from Todoist?' })).toBeVisible();
  await expectNoA11yViolations(page);
  await snap(page, 'todoist-confirm', { fullPage: false });
  // The narrowest phone: the dialog's words and buttons fit without a sideways scroll.
  await page.setViewportSize({ width: 320, height: 640 });
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Import' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await snap(page, 'todoist-confirm-320', { fullPage: false });
});
