import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { loadDialogParts } from '../components/ui/dialog';
import { loadMenuParts } from '../components/ui/dropdown-menu';
import { loadToastView } from '../components/ui/toast';
import { afterFirstScreen } from '../lib/after-first-screen';
import { apiRequest } from '../lib/api-client';
import { connectivity } from '../lib/connectivity';
import { applyDeferredStyleSheets } from '../lib/deferred-style-sheet';
import { RESTORE_WAIT_MS, startOfflineCache } from '../lib/offline-cache';
import { startOutbox } from '../lib/outbox';
import { queryClient } from '../lib/query-client';
import { initTheme } from '../lib/theme';
import { Providers } from './providers';
import { AppRouter } from './router';

/*
 * The app itself, loaded by main.tsx once the page has painted (docs/decisions/013-api-cost.md, "A
 * screen's frame paints first").
 */

// The page's inline theme script (#shared/api/theme-script) set the class before paint; this syncs the store with it.
initTheme();

// Offline use and installing (docs/decisions/018-installable-app.md): in built apps only, in a chunk
// of its own, once the page has loaded and the first screen is drawn (its first install is heavy work).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => {
    void import('../lib/service-worker')
      .then(({ registerServiceWorker }) => registerServiceWorker())
      // Without a worker the app still works, online only: say so in the console and go on.
      .catch((error: unknown) => console.warn('Stride works online only here:', error));
  };
  afterFirstScreen(() => {
    // This module may arrive after the page's load event.
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  });
}

// Radix's menus, dialogs and toasts are no part of the first load (components/ui/dropdown-menu.tsx,
// dialog.tsx, toast.tsx); loaded once the first screen is drawn, they open at once and still do offline,
// with or without a service worker. A failed load is tried again when one is first wanted.
afterFirstScreen(() => {
  for (const load of [loadMenuParts, loadDialogParts, loadToastView]) load().catch(() => {});
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Ticks, Today moves, reorders and new items made offline are sent when Stride answers again, once the
// user call has said that their maker is the one signed in (lib/outbox.ts).
void startOutbox(queryClient, (change) => apiRequest(change.method, change.path, { body: change.body }));

const app = createRoot(root);
// Offline at start, the last data seen comes back before the first paint if it is read quickly;
// online, the first paint waits for nothing (lib/offline-cache.ts) but the whole style sheet, which a
// pre-rendered page asks for without waiting (lib/deferred-style-sheet.ts).
const saved = startOfflineCache(queryClient);
void Promise.all([
  applyDeferredStyleSheets(),
  connectivity() === 'online'
    ? Promise.resolve()
    : Promise.race([saved, new Promise((resolve) => setTimeout(resolve, RESTORE_WAIT_MS))]),
]).then(() =>
  // A transition: React draws the first screen in slices and the page keeps answering meanwhile.
  startTransition(() =>
    app.render(
      <StrictMode>
        <Providers>
          <AppRouter />
        </Providers>
      </StrictMode>,
    ),
  ),
);
