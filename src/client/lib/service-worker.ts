import { toast } from '../components/ui/toast';

/*
 * Registers the service worker (docs/decisions/018-installable-app.md) and offers a new version when
 * one is waiting: "Reload" lets it take over, and the page reloads once it has. The first install
 * says nothing: there is nothing newer to offer.
 */

/** Long enough to be seen; a version not taken now starts when every Stride tab has closed. */
const UPDATE_TOAST_MS = 60_000;

function offer(waiting: ServiceWorker): void {
  toast({
    title: 'A new version of Stride is ready',
    description: 'Reload to use it.',
    durationMs: UPDATE_TOAST_MS,
    action: {
      label: 'Reload',
      altText: 'Reload Stride to use the new version',
      onAction: () => waiting.postMessage({ type: 'SKIP_WAITING' }),
    },
  });
}

export async function registerServiceWorker(): Promise<void> {
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  // A page already controlled by a worker reloads when a new one takes over, to run its files.
  const hadController = navigator.serviceWorker.controller !== null;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController || reloading) return;
    reloading = true;
    window.location.reload();
  });
  if (registration.waiting && hadController) offer(registration.waiting);
  // Without a controller this page would work offline only from its next load (service-worker.ts,
  // "CLAIM"); with one already, there is nothing to ask.
  void navigator.serviceWorker.ready.then((ready) => {
    if (navigator.serviceWorker.controller === null) ready.active?.postMessage({ type: 'CLAIM' });
  });
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing);
    });
  });
}
