import { expect, expectSavedOnDevice, post, signInByRequest, snap, test } from './fixtures';

// These journeys are about the service worker: it is blocked in the others (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/*
 * Installable app (docs/decisions/018-installable-app.md): the manifest a browser needs to offer
 * "Install", a service worker that controls the page, and an app shell that opens without a network.
 */

type Manifest = {
  name: string;
  short_name: string;
  display: string;
  start_url: string;
  scope: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
};

test('the manifest names the app and its icons, and a service worker controls the page', async ({
  page,
  baseURL,
}) => {
  await signInByRequest(page);
  await page.goto('/today');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await page.request.get(href ?? '');
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as Manifest;
  expect(manifest).toMatchObject({
    name: 'Stride',
    short_name: 'Stride',
    display: 'standalone',
    start_url: '/today',
    scope: '/',
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
  const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const file = await page.request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe(icon.type);
  }
  // The tab's icon is a picture, not an SVG, which a browser draws by building a document for it on the
  // page's main thread while the page starts (docs/decisions/010-first-load-weight.md, "The favicon").
  const pageIcons = await page
    .locator('link[rel="icon"]')
    .evaluateAll((links) =>
      links.map((link) => ({ href: link.getAttribute('href'), type: link.getAttribute('type') })),
    );
  expect(pageIcons).toEqual([{ href: '/icons/favicon-48.png', type: 'image/png' }]);
  const tabIcon = await page.request.get('/icons/favicon-48.png');
  expect(tabIcon.headers()['content-type']).toBe('image/png');

  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    // Ready names the active worker as soon as it starts activating.
    const active = registration.active;
    if (active && active.state !== 'activated') {
      await new Promise((done) => active.addEventListener('statechange', done));
    }
    return { scope: registration.scope, state: registration.active?.state };
  });
  expect(worker).toEqual({ scope: `${baseURL}/`, state: 'activated' });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
});

test('with no network, a reload still opens the app with the last data seen, and says it is offline', async ({
  page,
  context,
}) => {
  await signInByRequest(page);
  await post(page.request, '/api/habits', { title: 'Stretch', isToday: true });
  await page.goto('/today');
  await expect(page.getByRole('article', { name: 'Stretch' })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expectSavedOnDevice(page, 'Stretch');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText("You're offline", { exact: false }).first()).toBeVisible();
  // The last data seen, from the device's own copy.
  await expect(page.getByRole('article', { name: 'Stretch' })).toBeVisible();
  await snap(page, 'offline-reload', { fullPage: false });
  await context.setOffline(false);
});
