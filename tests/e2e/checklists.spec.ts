import type { Page } from '@playwright/test';
import {
  expect,
  expectNoA11yViolations,
  expectSavedOnDevice,
  post,
  signInByRequest,
  snap,
  test,
  uniqueEmail,
} from './fixtures';

/*
 * A task's checklist from end to end (docs/product.md#checklists, docs/decisions/049-checklists.md):
 * written in the item dialog, counted on the card, ticked in Execution Mode, and kept by the server.
 */

async function openToday(page: Page): Promise<void> {
  await page.goto('/today');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(page.getByTestId('today-skeleton-row')).toHaveCount(0);
}

/** One tick in Execution Mode, waited for until the server has answered it. */
async function tick(page: Page, press: () => Promise<void>): Promise<void> {
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && /\/checklist\//.test(response.url()),
  );
  await press();
  expect((await answered).ok()).toBe(true);
}

test("a task's checklist: written in the dialog, counted on its card, ticked in Execution Mode", async ({
  page,
}) => {
  await signInByRequest(page, uniqueEmail('checklist'));
  await openToday(page);
  await page.getByRole('button', { name: 'Add new item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Item' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Pack for the trip');
  const add = dialog.getByRole('textbox', { name: 'Add a checklist item' });
  for (const step of ['Passport', 'Charger', 'Tickets']) {
    await add.fill(step);
    await add.press('Enter');
  }
  await expect(add).toBeFocused();
  await expect(dialog.getByRole('textbox', { name: /^Checklist item \d$/ })).toHaveCount(3);
  await expectNoA11yViolations(page);
  await snap(page, 'checklist-dialog');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog).toHaveCount(0);

  const row = page.getByRole('article', { name: 'Pack for the trip, 0 of 3 checklist items done' });
  await expect(row.getByText('0/3', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Execute Mode' }).click();
  const view = page.getByRole('region', { name: 'Execution Mode' });
  const checklist = view.getByRole('region', { name: 'Checklist 0 of 3 done' });
  await expect(checklist.getByRole('checkbox')).toHaveCount(3);
  // By keyboard: Tab from the card's last control reaches the first item, Space ticks it.
  await view.getByRole('button', { name: 'More actions for Pack for the trip' }).focus();
  await page.keyboard.press('Tab');
  await expect(view.getByRole('checkbox', { name: 'Passport' })).toBeFocused();
  await tick(page, () => page.keyboard.press('Space'));
  await tick(page, () => view.getByRole('checkbox', { name: 'Tickets' }).click());
  await expect(view.getByRole('region', { name: 'Checklist 2 of 3 done' })).toBeVisible();
  await expect(view.getByRole('checkbox', { name: 'Charger' })).not.toBeChecked();
  // Every item but one ticked leaves the task open: its own tick is the person's.
  await expect(view.getByRole('checkbox', { name: 'Complete Pack for the trip' })).not.toBeChecked();
  await expectNoA11yViolations(page);
  await snap(page, 'checklist-execution');

  await page.reload();
  await expect(page.getByTestId('today-skeleton-row')).toHaveCount(0);
  const after = page.getByRole('article', { name: 'Pack for the trip, 2 of 3 checklist items done' });
  await expect(after.getByText('2/3', { exact: true })).toBeVisible();
  await snap(page, 'checklist-card');
});

test('on a phone, Previous and Next stay above the bottom bar under a long checklist', {
  tag: '@phone-only',
}, async ({ page }) => {
  await signInByRequest(page, uniqueEmail('checklist-phone'));
  const steps = [
    'Passport',
    'Charger',
    'Tickets and the hotel booking',
    'Keys',
    'Snacks',
    'Book',
    'Headphones',
  ];
  for (const title of ['Pack for the trip', 'Water the plants']) {
    await post(page.request, '/api/tasks', {
      id: crypto.randomUUID(),
      title,
      isToday: true,
      checklist:
        title === 'Water the plants' ? [] : steps.map((step) => ({ id: crypto.randomUUID(), title: step })),
    });
  }
  await openToday(page);
  await page.getByRole('button', { name: 'Execute Mode' }).click();
  const view = page.getByRole('region', { name: 'Execution Mode' });
  await expect(view.getByRole('checkbox', { name: 'Headphones' })).toBeAttached();
  // Seven steps run past the fold: the buttons stay in sight over them, clear of the bar.
  const next = view.getByRole('button', { name: 'Next' });
  const bar = page.getByRole('navigation', { name: 'Main' });
  const nextBox = await next.boundingBox();
  const barBox = await bar.boundingBox();
  expect(nextBox && barBox && nextBox.y + nextBox.height <= barBox.y).toBe(true);
  await snap(page, 'checklist-execution-phone', { fullPage: false });
  await next.click();
  await expect(view.getByText('Water the plants')).toBeVisible();
});

test.describe('offline', () => {
  // About the service worker, which the other journeys block (playwright.config.ts).
  test.use({ serviceWorkers: 'allow' });

  test('a checklist tick made offline shows at once, survives a reload and reaches the server', async ({
    page,
    context,
  }) => {
    await signInByRequest(page, uniqueEmail('checklist-offline'));
    const passport = crypto.randomUUID();
    const { id } = await post(page.request, '/api/tasks', {
      id: crypto.randomUUID(),
      title: 'Pack for the trip',
      isToday: true,
      checklist: [
        { id: passport, title: 'Passport' },
        { id: crypto.randomUUID(), title: 'Charger' },
      ],
    });
    await openToday(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await context.setOffline(true);
    const banner = page.getByRole('status').filter({ hasText: "You're offline" });
    await expect(banner).toBeVisible();
    await page.getByRole('button', { name: 'Execute Mode' }).click();
    const box = page
      .getByRole('region', { name: 'Execution Mode' })
      .getByRole('checkbox', { name: 'Passport' });
    await box.click();
    await expect(box).toBeChecked();
    await expect(banner).toContainText('1 change waits to be sent.');

    // The saved copy is written a moment after the tick; a reload before that would find the one before.
    await expectSavedOnDevice(page, '"done":true');
    await page.reload();
    await expect(
      page.getByRole('article', { name: 'Pack for the trip, 1 of 2 checklist items done' }),
    ).toBeVisible();

    const sent = page.waitForResponse(
      (response) =>
        response.request().method() === 'PATCH' && response.url().endsWith(`/checklist/${passport}`),
    );
    await context.setOffline(false);
    expect((await sent).ok()).toBe(true);
    await expect(banner).toHaveCount(0);
    const tasks = (await (await page.request.get('/api/tasks')).json()) as Array<{
      id: string;
      checklist: Array<{ id: string; done: boolean }>;
    }>;
    expect(tasks.find((task) => task.id === id)?.checklist.map((item) => item.done)).toEqual([true, false]);
  });
});
