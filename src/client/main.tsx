import { applyDeferredStyleSheets } from './lib/deferred-style-sheet';
import { earlyRequestsFor, startEarlyRequests } from './lib/early-requests';
import './styles.css';

/*
 * The app's first module, kept small (docs/decisions/013-api-cost.md, "A screen's frame paints
 * first"): it asks for the user and the screen's data at once, lets the browser paint what the page
 * already holds (Today's and All Items' pre-rendered frame, lib/app-shell.ts), and only then loads
 * the app (app/start.tsx), whose code takes the main thread for a while.
 */
startEarlyRequests(earlyRequestsFor(window.location.pathname));
// Asked for now; the app waits for it before it draws (app/start.tsx).
void applyDeferredStyleSheets();

function start(): void {
  import('./app/start').catch((error: unknown) => {
    // The frame stays on screen; a reload fetches the code again.
    console.error('Stride could not load its code:', error);
  });
}
// A hidden tab draws no frames: it starts at once.
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
else start();
