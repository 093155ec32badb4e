import type { Page } from '@playwright/test';
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

const THEMES = ['light', 'dark'] as const;

/** Each screen: no axe violations and a screenshot, in both themes. setTheme reloads the current URL. */
async function checkScreenInBothThemes(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  for (const theme of THEMES) {
    await setTheme(page, theme);
    await ready();
    await expectNoA11yViolations(page);
    await snap(page, name);
  }
}

test.describe('signed out', () => {
  test('landing page shows the product, its features and Google sign-in', { tag: '@phone' }, async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Stride' })).toBeVisible();
    await expect(
      page.getByText('A mobile-optimized app to track goals, manage tasks and build habits.'),
    ).toBeVisible();
    for (const feature of [
      'Drag-and-drop sorting',
      'Today view',
      'Light and dark themes',
      'Colour-coded goals, habits and tasks',
      'Context-sensitive management',
    ]) {
      await expect(page.getByRole('heading', { level: 3, name: feature })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Sign In with Google' })).toBeVisible();
    await expect(page.getByText('Secure authentication powered by Google')).toBeVisible();
    // Signed out: no user menu and no bottom navigation.
    await expect(accountMenuButton(page)).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

    await checkScreenInBothThemes(page, 'landing', async () => {
      await expect(page.getByRole('button', { name: 'Sign In with Google' })).toBeVisible();
    });

    // The pre-rendered page's own script runs its theme button (src/client/landing-page.ts).
    await setTheme(page, 'light');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('stride-theme'))).toBe('dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  });

  test('the sign-in button navigates the browser to /api/auth/google', async ({ page }) => {
    await page.goto('/');
    const request = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/auth/google');
    await page.getByRole('button', { name: 'Sign In with Google' }).click();
    expect((await request).isNavigationRequest()).toBe(true);
  });

  test('login page shows the welcome card, and the error line after a failed sign-in', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Stride' })).toBeVisible();
    await expect(page.getByText('Sign in to manage your goals, tasks, and habits')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In with Google' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await checkScreenInBothThemes(page, 'login', async () => {
      await expect(page.getByRole('heading', { name: 'Welcome to Stride' })).toBeVisible();
    });

    await page.goto('/login?error=sign_in_failed');
    await expect(page.getByRole('alert')).toHaveText("Sign-in didn't complete. Please try again.");
    await checkScreenInBothThemes(page, 'login-error', async () => {
      await expect(page.getByRole('alert')).toBeVisible();
    });
  });

  test('another name of this server (127.0.0.1) sends the browser to PUBLIC_URL first, and sign-in completes', async ({
    page,
    baseURL,
  }) => {
    if (!baseURL) throw new Error('no baseURL');
    const other = baseURL.replace('//localhost:', '//127.0.0.1:');
    expect(other).not.toBe(baseURL);
    await page.goto(`${other}/login`);
    await expect(page).toHaveURL(`${baseURL}/login`);
    await expect(page.getByRole('button', { name: 'Sign In with Google' })).toBeVisible();

    // A sign-in started on the other name is moved to PUBLIC_URL before its state cookie is set, so
    // the cookie and the callback agree on the host and the sign-in completes.
    const email = uniqueEmail('other-host');
    await page.goto(`${other}/api/auth/google?login_hint=${encodeURIComponent(email)}`);
    await expect(accountMenuButton(page)).toBeVisible({ timeout: 15_000 });
    expect(new URL(page.url()).origin).toBe(new URL(baseURL).origin);
  });

  test('an unknown path shows the 404 card', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });
});

test.describe('signed in', () => {
  test('signing in shows the chrome with the avatar initials and the account menu', {
    tag: '@phone',
  }, async ({ page }) => {
    const email = await signIn(page, uniqueEmail('ada.lovelace'));
    await expect(page).toHaveURL(/\/$/);
    await expect(accountMenuButton(page)).toHaveText('AL');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    await accountMenuButton(page).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByText(email)).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    // The menu is 12rem (192px) wide (docs/product.md#signed-in-chrome).
    expect((await menu.boundingBox())?.width).toBeCloseTo(192, 0);
    await expectNoA11yViolations(page);
    await snap(page, 'account-menu');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(accountMenuButton(page)).toBeFocused();
  });

  test('home greets by first name and links to Today and All Items', async ({ page }) => {
    await signIn(page, uniqueEmail('grace.hopper'));
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Grace!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Focus on your daily tasks and habits/ })).toHaveAttribute(
      'href',
      '/today',
    );
    await checkScreenInBothThemes(page, 'home', async () => {
      await expect(page.getByRole('heading', { name: 'Welcome back, Grace!' })).toBeVisible();
    });
    await page.getByRole('link', { name: /Manage all your goals, tasks, and habits/ }).click();
    await expect(page).toHaveURL(/\/all-items$/);
  });

  test('bottom navigation moves between Today and All Items and highlights the current one', {
    tag: '@phone',
  }, async ({ page }) => {
    await signIn(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const today = nav.getByRole('link', { name: 'Today' });
    const allItems = nav.getByRole('link', { name: 'All Items' });
    await expect(today).toHaveAttribute('aria-current', 'page');
    await expect(allItems).not.toHaveAttribute('aria-current', 'page');

    await allItems.click();
    await expect(page).toHaveURL(/\/all-items$/);
    await expect(allItems).toHaveAttribute('aria-current', 'page');
    await expect(today).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1, name: 'All Items' })).toBeVisible();

    await today.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(today).toHaveAttribute('aria-current', 'page');

    await page.goto('/today');
    await expect(today).toHaveAttribute('aria-current', 'page');
    // The fixed bar must not cover the page: the main area leaves room below its content.
    const navBox = await nav.boundingBox();
    expect(navBox?.height ?? 0).toBeGreaterThanOrEqual(44);
  });

  test('the theme toggle persists across reloads', async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('stride-theme'))).toBe('dark');

    // That the first paint is already dark, before any script of the app runs, is shown with every asset
    // blocked and no service worker to answer for them ("first paint", below).
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(9, 9, 11)');

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  });

  test('an unknown path shows the 404 card inside the chrome', async ({ page }) => {
    await signIn(page);
    await page.goto('/does/not/exist');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expect(accountMenuButton(page)).toBeVisible();
    await checkScreenInBothThemes(page, 'not-found', async () => {
      await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    });
  });

  test('signing out from the account menu returns to the landing page for good', async ({ page }) => {
    await signIn(page);
    await accountMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Sign In with Google' })).toBeVisible();
    await expect(accountMenuButton(page)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign In with Google' })).toBeVisible();
    await expect(accountMenuButton(page)).toHaveCount(0);
  });
});

test.describe('first paint', () => {
  // Requests the service worker answers never reach page.route: without it, blocked means blocked.
  test.use({ serviceWorkers: 'block' });

  /** What shows without the style sheet: the theme's colour, the sticky 64 px header and its 28 px logo. */
  async function expectStyledFromThePageAlone(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
    const looks = await page.evaluate(() => {
      const header = document.querySelector('header');
      const logo = header?.querySelector('svg');
      return {
        dark: document.documentElement.classList.contains('dark'),
        background: getComputedStyle(document.body).backgroundColor,
        headerPosition: header ? getComputedStyle(header).position : null,
        headerHeight: header?.getBoundingClientRect().height,
        logoWidth: logo?.getBoundingClientRect().width,
      };
    });
    // Unstyled, the header would be static and the logo 300 px wide.
    expect(looks).toEqual({
      dark: theme === 'dark',
      background: theme === 'dark' ? 'rgb(9, 9, 11)' : 'rgb(250, 250, 250)',
      headerPosition: 'sticky',
      headerHeight: 65,
      logoWidth: 28,
    });
  }

  test('the landing page, Today and All Items paint styled from the page alone, in both themes', {
    tag: '@phone',
  }, async ({ page }) => {
    // Neither the style sheet nor any script arrives: what shows is the page's own HTML and the rules it
    // carries (scripts/critical-css.ts). The theme script is inline, so a dark reload is dark here too.
    await page.route(/\/assets\//, (route) => route.abort());
    await page.goto('/');
    for (const theme of THEMES) {
      await page.evaluate((value) => localStorage.setItem('stride-theme', value), theme);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Stride' })).toBeVisible();
      await expectStyledFromThePageAlone(page, theme);
      await snap(page, 'landing-without-style-sheet');
    }
    await page.unroute(/\/assets\//);
    await signIn(page);
    await page.route(/\/assets\//, (route) => route.abort());
    for (const theme of THEMES) {
      for (const [path, heading] of [
        ['/today', 'Today'],
        ['/all-items', 'All Items'],
      ] as const) {
        await page.evaluate((value) => localStorage.setItem('stride-theme', value), theme);
        await page.goto(path);
        // The frame is inert and hidden from assistive technology: it only shows.
        await expect(
          page.locator('#app-shell').getByRole('heading', { level: 1, name: heading, includeHidden: true }),
        ).toBeAttached();
        await expectStyledFromThePageAlone(page, theme);
        await snap(page, `frame-without-style-sheet${path.replace('/', '-')}`);
      }
    }

    // With the files let through, the page's first module gives the whole sheet its media back and the
    // app draws in its place (lib/deferred-style-sheet.ts).
    await page.unroute(/\/assets\//);
    await page.goto('/today');
    await expect(page.locator('#root').getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    await expect(page.locator('#app-shell')).toHaveCount(0);
    await expect(page.locator('link[rel="stylesheet"][href^="/assets/"]')).toHaveAttribute('media', 'all');
    // The app's modules are asked for only after the frame has painted (#shared/api/app-start-script):
    // an order of events the page itself recorded, not a duration.
    for (const path of ['/today', '/all-items']) {
      await page.goto(path);
      await expect(page.locator('#root *').first()).toBeVisible();
      const order = await page.evaluate(() => ({
        firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime,
        modules: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/.+\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      }));
      expect(order.firstPaint, `${path} painted`).toBeDefined();
      expect(order.modules.length, `${path} loaded its modules`).toBeGreaterThan(0);
      expect(
        Math.min(...order.modules),
        `${path}: no module asked for before the first paint`,
      ).toBeGreaterThan(order.firstPaint ?? Number.POSITIVE_INFINITY);
    }
  });
});
