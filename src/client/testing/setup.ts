import '@testing-library/jest-dom/vitest';
import { format } from 'node:util';
import { act, cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { loadDialogParts } from '../components/ui/dialog';
import { loadToastView, resetToasts } from '../components/ui/toast';
import { preloadItemDialogBody } from '../features/items/components/item-dialog';
import { resetConnectivity } from '../lib/connectivity';
import { resetHeldBack } from '../lib/held-back';

/*
 * Runs around every client test (vitest.config.ts, project "client"). A stray console.error (a React
 * warning, an act() warning, a Radix accessibility complaint) or a promise that rejects with nobody
 * handling it fails the test that caused it, instead of scrolling past in the output. After each test
 * the DOM is unmounted, toasts and the connection state are reset, and stubbed globals (the fake
 * fetch), spies and timers are put back.
 */

// What a test waits to appear (findBy…, waitFor) may take up to 5 s instead of testing-library's 1 s:
// a lazily loaded view (the history record, say) took over a second to import while the server tests
// and journeys shared the two cores, and failed a test that passes alone. A bound, not a retry.
configure({ asyncUtilTimeout: 5_000 });

let consoleErrors: string[] = [];
let rejections: string[] = [];
const originalConsoleError = console.error;
const onRejection = (reason: unknown) => {
  rejections.push(format(reason));
};

beforeAll(async () => {
  process.on('unhandledRejection', onRejection);
  // The item dialog's forms, Radix's dialog and the toasts' view are chunks of their own in the app;
  // tests draw them at once, as every opening or toast after the first does.
  await Promise.all([preloadItemDialogBody(), loadDialogParts(), loadToastView()]);
});

afterAll(() => {
  process.off('unhandledRejection', onRejection);
});

beforeEach(() => {
  consoleErrors = [];
  rejections = [];
  // Assigned rather than spied on, so a test's vi.restoreAllMocks() cannot take the guard away.
  console.error = (...args: unknown[]) => {
    consoleErrors.push(format(...args));
  };
});

afterEach(async () => {
  cleanup();
  act(() => {
    resetToasts();
    resetHeldBack();
    // The files share their modules (vitest.config.ts): a failed call in one would leave the next
    // starting offline or unreachable.
    resetConnectivity();
  });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  // Node reports a rejection nobody handled once the microtasks of its turn have run: let the turns
  // the test already queued (a zero-delay timer, a settled fetch) run first.
  await new Promise((resolve) => setTimeout(resolve, 0));
  console.error = originalConsoleError;
  expect(consoleErrors, 'console.error was called').toEqual([]);
  expect(rejections, 'a promise rejected with nobody handling it').toEqual([]);
});
