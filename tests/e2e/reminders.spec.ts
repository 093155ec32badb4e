import type { BrowserContext, Page, Worker } from '@playwright/test';
import { expect, expectNoA11yViolations, post, setTheme, signInByRequest, snap, test } from './fixtures';

// These journeys are about the service worker: it is blocked in the others (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/*
 * Reminders on the screens and on the device (docs/product.md#reminders,
 * docs/decisions/036-reminders-on-screen.md): a time set from a card, a push handed to the service
 * worker through Chromium's DevTools protocol (ServiceWorker.deliverPushMessage) as a push service
 * would, the notification it shows, and its Done. No protocol presses a notification's button: the
 * worker's own notificationclick listener is given the real notification it showed, by an event
 * dispatched inside the worker (Done's other outcomes are unit tested in src/client/service-worker.test.ts).
 */

type ShownNotification = { title: string; body: string; tag: string; actions: string[] };

async function workerReady(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The notifications the worker shows now, read through its registration. */
function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    return shown.map((notification) => ({
      title: notification.title,
      body: notification.body,
      tag: notification.tag,
      actions: ((notification as Notification & { actions?: Array<{ title: string }> }).actions ?? []).map(
        (action) => action.title,
      ),
    }));
  });
}

/** Hands `message` to the page's service worker as its push service would (a CDP session). */
async function deliverPush(context: BrowserContext, page: Page, message: object): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify(message),
  });
}

function serviceWorker(context: BrowserContext): Worker {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker runs');
  return worker;
}

/**
 * Presses a notification's Done as far as any protocol can: the worker's own notificationclick listener
 * gets the real notification it showed, in an event dispatched inside the worker.
 */
async function pressDone(context: BrowserContext): Promise<void> {
  await serviceWorker(context).evaluate(async () => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
    };
    const [shown] = await scope.registration.getNotifications();
    const NotificationEventClass = (
      globalThis as unknown as {
        NotificationEvent: new (type: string, init: { notification: Notification; action: string }) => Event;
      }
    ).NotificationEvent;
    if (!shown) throw new Error('no notification to press');
    scope.dispatchEvent(
      new NotificationEventClass('notificationclick', { notification: shown, action: 'done' }),
    );
  });
}

/** Whether the server has the task completed. */
async function completedOnServer(page: Page, id: string): Promise<boolean | undefined> {
  const tasks = (await (await page.request.get('/api/tasks')).json()) as Array<{
    id: string;
    completed: boolean;
  }>;
  return tasks.find((each) => each.id === id)?.completed;
}

test('a card sets, shows and clears its reminder; axe clean in both themes', {
  tag: '@phone',
}, async ({ page }) => {
  test.slow();
  await signInByRequest(page);
  await post(page.request, '/api/habits', { title: 'Stretch' });
  await page.goto('/all-items');
  await page.getByRole('button', { name: 'More actions for Stretch' }).click();
  await page.getByRole('menuitem', { name: 'Remind me…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remind me' });
  await expect(dialog).toContainText('“Stretch”, no reminder now.');
  await dialog.getByLabel('Time').fill('07:30');
  await expectNoA11yViolations(page);
  await snap(page, 'reminder-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Save' }).click();
  const card = page.getByRole('article', { name: 'Stretch, Reminder at 7:30' });
  await expect(card).toContainText('7:30');
  await expect(page.getByText('“Stretch” reminds you at 7:30.').first()).toBeVisible();
  await page.reload();
  await expect(card).toBeVisible();
  await expectNoA11yViolations(page);
  await snap(page, 'reminder-card', { fullPage: false });
  await setTheme(page, 'dark');
  await expect(card).toBeVisible();
  await expectNoA11yViolations(page);
  await snap(page, 'reminder-card', { fullPage: false });

  // The item dialog shows the time and clears it.
  await page.getByRole('button', { name: 'More actions for Stretch' }).click();
  await page.getByRole('menuitem', { name: 'Edit habit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Item' });
  await expect(edit.getByLabel('Remind me at')).toHaveValue('07:30');
  await expectNoA11yViolations(page);
  await snap(page, 'reminder-item-dialog', { fullPage: false });
  await edit.getByRole('button', { name: 'No reminder' }).click();
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('article', { name: 'Stretch' })).toBeVisible();
});

test('a pushed reminder shows as a notification and a toast, and its Done ticks the task', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  await signInByRequest(page);
  const money = await post(page.request, '/api/goals', { title: 'Money' });
  const task = await post(page.request, '/api/tasks', {
    title: 'Call the bank',
    goalId: money.id,
    remindAt: '07:30',
    isToday: true,
  });
  await page.goto('/today');
  await expect(page.getByRole('article', { name: /^Call the bank/ })).toBeVisible();
  await workerReady(page);

  // What the server's worker sends (src/server/modules/reminders/reminders.service.ts, reminderPayload).
  await deliverPush(context, page, {
    type: 'reminder',
    kind: 'task',
    id: task.id,
    title: 'Call the bank',
    goal: 'Money',
    tag: `stride-reminder-task-${task.id}`,
    day: '2027-02-02',
    at: new Date().toISOString(),
    tick: 'completed',
  });
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      {
        title: 'Call the bank',
        body: 'Goal: Money',
        tag: `stride-reminder-task-${task.id}`,
        actions: ['Done', 'Snooze 10 min'],
      },
    ]);
  await expect(page.getByText('Reminder: Call the bank', { exact: true })).toBeVisible();

  // Done: the worker's own listener, given the notification it showed.
  await pressDone(context);
  await expect.poll(() => completedOnServer(page, task.id)).toBe(true);
  await expect.poll(() => shownNotifications(page)).toEqual([]);
  // The open tab hears of it like any change from another device.
  await expect(page.getByRole('checkbox', { name: 'Complete Call the bank' })).toBeChecked();
});

test("Done without a connection joins the app's kept changes and is sent when Stride answers", async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  await signInByRequest(page);
  const task = await post(page.request, '/api/tasks', {
    title: 'Water plants',
    remindAt: '18:00',
    isToday: true,
  });
  await page.goto('/today');
  await expect(page.getByRole('article', { name: /^Water plants/ })).toBeVisible();
  await workerReady(page);
  await deliverPush(context, page, {
    type: 'reminder',
    kind: 'task',
    id: task.id,
    title: 'Water plants',
    goal: null,
    tag: `stride-reminder-task-${task.id}`,
    day: '2027-02-02',
    at: new Date().toISOString(),
    tick: 'completed',
  });
  await expect.poll(async () => (await shownNotifications(page)).length).toBe(1);

  await context.setOffline(true);
  await pressDone(context);
  // The open tab took the tick from the worker: shown at once, waiting with the kept changes.
  await expect(page.getByRole('checkbox', { name: 'Complete Water plants' })).toBeChecked();
  await expect(page.getByText('1 change waits to be sent.')).toBeVisible();
  expect(await completedOnServer(page, task.id)).toBe(false);

  await context.setOffline(false);
  await expect.poll(() => completedOnServer(page, task.id)).toBe(true);
  await expect(page.getByText('1 change waits to be sent.')).toHaveCount(0);
});

test('a tap on a reminder opens its item', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await signInByRequest(page);
  const habit = await post(page.request, '/api/habits', { title: 'Drink water', remindAt: '09:00' });
  await page.goto(`/all-items?item=habit:${habit.id}`);
  const edit = page.getByRole('dialog', { name: 'Edit Item' });
  await expect(edit.getByRole('textbox', { name: 'Title' })).toHaveValue('Drink water');
  await expect(page).toHaveURL(/\/all-items$/);
});

test('Settings: reminders on this device and the calendar address; axe clean in both themes', {
  tag: '@phone',
}, async ({ page, context }) => {
  test.slow();
  await context.grantPermissions(['notifications', 'clipboard-read', 'clipboard-write']);
  await signInByRequest(page);
  await page.goto('/settings');
  const toggle = page.getByRole('switch', { name: 'Reminders on this device' });
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();

  await page.getByRole('button', { name: 'Make a new address' }).click();
  const address = page.getByLabel('Your calendar address');
  await expect(address).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const url = await address.inputValue();
  const feed = await page.request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Address copied').first()).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  await expectNoA11yViolations(page);
  await snap(page, 'settings-reminders');
  await setTheme(page, 'dark');
  await expect(toggle).toBeEnabled();
  await expectNoA11yViolations(page);
  await snap(page, 'settings-reminders');

  // A new address stops the old one.
  await page.getByRole('button', { name: 'Make a new address' }).click();
  await expect(address).not.toHaveValue(url);
  await expect(address).toHaveValue(/\.ics$/);
  expect((await page.request.get(url)).status()).toBe(404);
});
