import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';

export { expect };

/**
 * Every journey signs in as its own address so tests never share data. The dev issuer accepts any
 * address through `login_hint`.
 */
export function uniqueEmail(prefix = 'user'): string {
  const stamp = Date.now().toString(36);
  const random = Math.random().toString(36).slice(2, 8);
  return `${prefix}-${stamp}-${random}@example.com`;
}

/** The signed-in chrome: the avatar button named by its tooltip. */
export function accountMenuButton(page: Page) {
  return page.getByRole('button', { name: /account menu$/i });
}

/**
 * Signs in through the real OIDC flow against the development issuer (a browser navigation, as the
 * app's own button does) and waits until the app shows the signed-in chrome. Returns the address.
 */
export async function signIn(page: Page, email: string = uniqueEmail()): Promise<string> {
  await page.goto(`/api/auth/google?login_hint=${encodeURIComponent(email)}`);
  await expect(accountMenuButton(page)).toBeVisible({ timeout: 15_000 });
  return email;
}

/**
 * Signs in through the same OIDC code flow as `signIn` (the dev issuer's redirects, PKCE, the state
 * and session cookies), but as the browser context's own HTTP client rather than a drawn navigation:
 * the session cookie lands in the context, and the page stays where it was. A journey about a screen
 * then opens that screen itself, drawn once instead of after a first draw of the landing screen, which
 * cost each journey about a second and a half (docs/decisions/025-suite-time.md). Journeys about
 * signing in use `signIn`.
 */
export async function signInByRequest(page: Page, email: string = uniqueEmail()): Promise<void> {
  const response = await page.request.get(`/api/auth/google?login_hint=${encodeURIComponent(email)}`);
  expect(response.ok(), `sign-in ended at ${response.url()} with ${response.status()}`).toBe(true);
  expect(new URL(response.url()).pathname, 'sign-in ends in the app').not.toMatch(/^\/(api|login)\b/);
}

/** The app's origin, which every write must carry (the browser's own fetches send it). */
function appOrigin(): string {
  return new URL(test.info().project.use.baseURL ?? '').origin;
}

/**
 * POSTs JSON as the signed-in browser (its cookies go along) and returns the created row's id. Used
 * for the data a journey is not about, so each journey stays short.
 */
export async function post(request: APIRequestContext, path: string, data: object): Promise<{ id: string }> {
  const response = await request.post(path, { data, headers: { origin: appOrigin() } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as { id: string };
}

/** PATCHes JSON as the signed-in browser, like `post`. */
export async function patch(request: APIRequestContext, path: string, data: object): Promise<void> {
  const response = await request.patch(path, { data, headers: { origin: appOrigin() } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
}

/** Stores the theme the way the app does and reloads so the first paint uses it. */
export async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  if (page.url().startsWith('http')) {
    await page.evaluate((value) => localStorage.setItem('stride-theme', value), theme);
    await page.reload();
  } else {
    // Nothing drawn yet (signed in by request): the theme is stored before the first document's
    // scripts run, so the app is drawn once rather than once to store it and again to apply it. Only
    // when none is stored, so a theme chosen later in the journey is never overwritten.
    await page.addInitScript((value) => {
      if (localStorage.getItem('stride-theme') === null) localStorage.setItem('stride-theme', value);
    }, theme);
    await page.goto('/');
  }
  if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
}

/**
 * axe-core with every rule it enables by default (WCAG 2.x A and AA, best practices included), none
 * filtered: a finding of any impact fails the journey, the best practices' `region` too (everything on
 * the page inside a landmark, also while a menu is open).
 */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  // Contrast is measured on final colours: every transition and animation that will end is waited for
  // (within 5 s). A theme switched in place starts about ninety colour transitions, which outlasted the
  // fixed 250 ms pause this replaced when the machine was busy; endless ones (a skeleton's pulse) are not.
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    const settled = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  });
  // Legacy mode runs axe.run in the page itself. The default runs axe in every frame, then opens a
  // blank page and injects axe there again to merge the frames' results: a page and about a second per
  // check, for frames Stride never draws (docs/decisions/025-suite-time.md). Every rule still runs on
  // every node; only violations are gathered in full, not the thousands of passes nothing reads (a
  // filled screen's check took 1.6 s against 3.7 s).
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  const describe = (violation: (typeof results.violations)[number]) =>
    `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n  ${violation.nodes
      .map((node) => node.target.join(' '))
      .join('\n  ')}`;
  expect(results.violations.map(describe), 'axe violations').toEqual([]);
}

/**
 * Saves artifacts/screenshots/{name}-{project}-{theme}.png, the theme read from the page itself, when
 * asked for with STRIDE_SCREENSHOTS=1: nothing compares them, they are for a person to look at, and a
 * full page at twice the phone's pixels costs the suite seconds each (docs/decisions/025-suite-time.md).
 * The whole page by default; `fullPage: false` keeps a long list to what one screen shows.
 */
export async function snap(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (process.env.STRIDE_SCREENSHOTS !== '1') return;
  const project = test.info().project.name;
  const theme = (await page.locator('html').getAttribute('class'))?.includes('dark') ? 'dark' : 'light';
  const dir = join('artifacts', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(dir, `${name}-${project}-${theme}.png`), fullPage });
}

/**
 * The shared `test`: fails a journey on any uncaught page error, which would otherwise pass silently
 * behind an error boundary.
 */
export const test = base.extend<{ failOnPageErrors: undefined }>({
  failOnPageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await use(undefined);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Opens the item dialog for a new task in a goal's section: its "Add task to {goal}" button from `sm`
 * up, the goal menu's "Add task" on a phone, where the name keeps the room (docs/decisions/020-density.md).
 */
export async function openAddTaskInGoal(page: Page, goalSection: Locator, goalTitle: string): Promise<void> {
  if (test.info().project.name === 'phone') {
    await goalSection.getByRole('button', { name: `Goal actions for ${goalTitle}` }).click();
    await page.getByRole('menuitem', { name: 'Add task' }).click();
  } else {
    await goalSection.getByRole('button', { name: `Add task to ${goalTitle}` }).click();
  }
}

/**
 * Waits until the device's saved copy of the last data seen (src/client/lib/offline-cache.ts) holds
 * `text`: it is written a moment after the data arrives, and a reload before that finds none.
 */
export async function expectSavedOnDevice(page: Page, text: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const opening = indexedDB.open('stride');
            opening.onerror = () => resolve('');
            opening.onsuccess = () => {
              const db = opening.result;
              if (!db.objectStoreNames.contains('kv')) return resolve('');
              const read = db.transaction('kv').objectStore('kv').get('query-cache');
              read.onsuccess = () => resolve(JSON.stringify(read.result ?? ''));
              read.onerror = () => resolve('');
            };
          }),
      ),
    )
    .toContain(text);
}

/**
 * Lifts a list row with the keyboard, as a screen-reader user does: focus its drag handle, press
 * Space, and wait for the announcement of where it is (`over`, e.g. /Alpha moved to position 2 of 4/).
 *
 * That announcement is not enough before an arrow key. dnd-kit's keyboard sensor starts listening for
 * arrows in a `setTimeout(0)` queued by the Space press (so that press is not also read as the drop),
 * while the announcement is drawn in microtasks before it. On a busy machine Chromium runs the test's
 * own input and checks ahead of that timer, and an arrow then reached nobody: that is how
 * all-items.spec.ts failed once in CI. So this waits for a `setTimeout(0)` of its own: timers of one
 * delay run in the order they were queued, so when it fires, the sensor's has fired and listens.
 */
export async function liftByKeyboard(page: Page, handle: Locator, over: RegExp): Promise<void> {
  await handle.focus();
  await page.keyboard.press('Space');
  // One live region per list: All Items has one per section.
  await expect(page.locator('[id^="DndLiveRegion"]', { hasText: over })).toHaveCount(1);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/**
 * Drags `handle` to the height `toY` the way the project's device does it: a mouse past dnd-kit's 5 px
 * threshold on desktop, a long press (over its 120 ms) then a slide on the phone's touch screen. The
 * first nudge goes towards the target, so it cannot start a drag the other way.
 */
export async function dragHandleTo(page: Page, handle: Locator, toY: number): Promise<void> {
  const box = await handle.boundingBox();
  if (!box) throw new Error('the drag handle is not laid out');
  const x = box.x + box.width / 2;
  const startY = box.y + box.height / 2;
  const steps = 12;
  if (test.info().project.name !== 'phone') {
    await page.mouse.move(x, startY);
    await page.mouse.down();
    await page.mouse.move(x, startY + Math.sign(toY - startY) * 8, { steps: 2 });
    await page.mouse.move(x, toY, { steps });
    await page.mouse.up();
    return;
  }
  const session = await page.context().newCDPSession(page);
  const touchAt = (type: 'touchStart' | 'touchMove', y: number) =>
    session.send('Input.dispatchTouchEvent', { type, touchPoints: [{ x, y }] });
  await touchAt('touchStart', startY);
  await page.waitForTimeout(250);
  for (let i = 1; i <= steps; i++) {
    await touchAt('touchMove', startY + ((toY - startY) * i) / steps);
    await page.waitForTimeout(20);
  }
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await session.detach();
}
