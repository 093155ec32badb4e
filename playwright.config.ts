import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** Fixed ports inside the e2e range so the dev issuer's redirect URLs are stable for the run. */
const PORT = Number(process.env.E2E_PORT ?? 4310);
const DEV_OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 4311);
const baseURL = `http://localhost:${PORT}`;

// A fresh embedded database per run. Workers load this file again; the env var makes them reuse the
// runner's directory instead of creating their own.
process.env.STRIDE_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'stride-e2e-'));
const dataDir = process.env.STRIDE_E2E_DATA_DIR;

/** Debian's chromium package (docs/decisions/007-browser-tests.md); no browser is ever downloaded. */
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Every journey signs in as its own address (fixtures.ts), so they run side by side, two at a time:
  // a journey waits on the server and the browser for about half its time, which the second fills
  // (docs/decisions/025-suite-time.md). E2E_WORKERS sets another number.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Generous on purpose: a journey that runs axe twice per theme and takes full-page screenshots took
  // just over 30 s on a busy two-core CI machine. Speed is measured by `npm run bench`, not here.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL,
    // A failed journey keeps its trace (DOM snapshots, network, console) and a screenshot of the end;
    // the trace's own film of every frame cost about a tenth of the journeys' time (bench/notes/suite-time.md).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // A service worker's first install fetches and compiles every built file beside the journey's own
    // work; the journeys about it (offline, installing, reminders) allow it themselves
    // (docs/decisions/025-suite-time.md).
    serviceWorkers: 'block',
  },
  projects: [
    // Every journey runs on the desktop; those about layout and touch also on the phone (tagged
    // '@phone'), and those that set a phone's size themselves only there ('@phone-only').
    {
      name: 'phone',
      grep: /@phone/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        launchOptions,
      },
    },
    {
      name: 'desktop',
      grepInvert: /@phone-only/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
  ],
  webServer: {
    // What `npm start` runs after its build step; `npm run test:e2e` builds first.
    command: 'node --enable-source-maps dist/server/main.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // PGlite's first start (initdb inside WASM) takes several seconds.
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DEV_OIDC_PORT: String(DEV_OIDC_PORT),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // Every journey signs in (some twice, as a second device) from this one address, faster than the
      // 30 sign-in steps a minute a network gets; the limit itself has its own API tests
      // (tests/server/rate-limits.test.ts).
      RATE_LIMIT_SIGN_IN: '600',
    },
  },
});
