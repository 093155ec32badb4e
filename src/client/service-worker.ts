/*
 * Stride's service worker (docs/decisions/018-installable-app.md), compiled on its own into sw.js by
 * scripts/build-service-worker.ts, which fills in the two constants below. It keeps the app shell and
 * every built file so that the app opens without a network, and never touches the API: data calls
 * always go to the server (offline reads come from the app's own saved copy, lib/offline-cache.ts).
 */

declare const PRECACHE_VERSION: string;
declare const PRECACHE_URLS: readonly string[];

// The worker's own globals, named here rather than pulling the WebWorker library into a DOM project.
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void };
type WorkerScope = {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableEvent & { data: unknown }) => void): void;
};
const worker = self as unknown as WorkerScope;

const CACHE_PREFIX = 'stride-shell-';
const CACHE = `${CACHE_PREFIX}${PRECACHE_VERSION}`;
/** Every app route is the same page; offline, a navigation gets it from the cache. */
const SHELL = '/index.html';

worker.addEventListener('install', (event) => {
  // Waits as "waiting" until the page's update prompt says to take over (SKIP_WAITING below).
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([...PRECACHE_URLS])));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
      }
      // The first install takes the open page at once, so it works offline without a second load.
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') void worker.skipWaiting();
  // A page still loading while this worker activated can miss the claim above (seen in Chromium,
  // about one first visit in sixteen): it asks, and is taken now rather than at its next load.
  if (type === 'CLAIM') event.waitUntil(worker.clients.claim());
});

async function fromNetworkOrShell(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    // Pages vary by cookie (landing or app); offline, the app is the one that can show saved data.
    const shell = await caches.match(SHELL, { cacheName: CACHE, ignoreVary: true });
    if (shell) return shell;
    throw error;
  }
}

async function fromCacheOrNetwork(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: CACHE });
  return cached ?? fetch(request);
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(fromNetworkOrShell(request));
    return;
  }
  // Hashed files never change under their name; the few others are small and fetched fresh when
  // the network is there.
  event.respondWith(
    url.pathname.startsWith('/assets/')
      ? fromCacheOrNetwork(request)
      : fetch(request).catch(async (error: unknown) => {
          const cached = await caches.match(request, { cacheName: CACHE });
          if (cached) return cached;
          throw error;
        }),
  );
});
