import { useSyncExternalStore } from 'react';

/**
 * Whether Stride can be reached, as the app's own calls find out (docs/product.md#connectivity):
 * `offline` when the browser says so, `unreachable` when a call got no answer (or a gateway's 502/504),
 * `unavailable` when the server answered 503 (its database is down or its disk full). Any other answer
 * means `online`. While not online, /api/health is probed with growing pauses until it answers 200.
 */
export type Connectivity = 'online' | 'offline' | 'unreachable' | 'unavailable';

const PROBE_FIRST_MS = 2_000;
const PROBE_MAX_MS = 30_000;
/** A server's Retry-After is followed between these bounds (a database failover takes about 12 s). */
const RETRY_AFTER_MIN_MS = 1_000;

let state: Connectivity =
  typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'online';
const listeners = new Set<() => void>();
let probe: ReturnType<typeof setTimeout> | undefined;
/** When the scheduled probe runs (Date.now() terms), while one is scheduled. */
let probeAt = 0;
let probeDelay = PROBE_FIRST_MS;

function set(next: Connectivity): void {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
  if (next === 'online') {
    if (probe !== undefined) clearTimeout(probe);
    probe = undefined;
    probeDelay = PROBE_FIRST_MS;
  } else {
    scheduleProbe();
  }
}

function scheduleProbe(): void {
  if (probe !== undefined) return;
  probeAt = Date.now() + probeDelay;
  probe = setTimeout(() => void probeHealth(), probeDelay);
}

/**
 * A 503 that says when to come back (Retry-After, docs/decisions/035-database-failover.md): the next
 * look is then, rather than after the growing pause, so changes kept meanwhile go as soon as the server
 * said they could. A look already due sooner stays: a run of 503s must not keep putting it off.
 */
function probeAfter(retryAfterSeconds: number | undefined): void {
  if (retryAfterSeconds === undefined) return;
  probeDelay = Math.min(Math.max(retryAfterSeconds * 1000, RETRY_AFTER_MIN_MS), PROBE_MAX_MS);
  if (probe !== undefined && probeAt <= Date.now() + probeDelay) return;
  if (probe !== undefined) clearTimeout(probe);
  probe = undefined;
  scheduleProbe();
}

/** An answer's Retry-After in seconds (the delay form; a date is not sent by Stride), when it has one. */
export function retryAfterOf(response: Response): number | undefined {
  return secondsOfRetryAfter(response.headers.get('retry-after'));
}

/** A Retry-After header's seconds, when it gives a positive number of them. */
export function secondsOfRetryAfter(header: string | null): number | undefined {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/** One look at /api/health: a failed request is an answer too ("offline" or "unreachable"). */
async function probeHealth(): Promise<void> {
  probe = undefined;
  try {
    const res = await fetch('/api/health', { credentials: 'include', cache: 'no-store' });
    if (res.ok) return set('online');
    set(res.status === 503 ? 'unavailable' : 'unreachable');
    const retryAfter = res.status === 503 ? retryAfterOf(res) : undefined;
    if (retryAfter !== undefined) return probeAfter(retryAfter);
  } catch {
    set(navigator.onLine === false ? 'offline' : 'unreachable');
  }
  probeDelay = Math.min(probeDelay * 2, PROBE_MAX_MS);
  if (state !== 'online') scheduleProbe();
}

/**
 * What the one fetch wrapper reports after each call (lib/api-client.ts), with the answer's
 * Retry-After in seconds when it gave one.
 */
export function reportAnswer(status: number, retryAfterSeconds?: number): void {
  if (status === 503) {
    // The server's own time first, so that the state's default first look does not come before it.
    probeAfter(retryAfterSeconds);
    set('unavailable');
  } else if (status === 502 || status === 504) set('unreachable');
  else set('online');
}

export function reportNoAnswer(): void {
  set(typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'unreachable');
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => set('offline'));
  // Back online as far as the browser knows: check that Stride answers before saying so.
  window.addEventListener('online', () => {
    probeDelay = 0;
    if (probe !== undefined) clearTimeout(probe);
    probe = undefined;
    scheduleProbe();
    probeDelay = PROBE_FIRST_MS;
  });
}

export function connectivity(): Connectivity {
  return state;
}

export function subscribeConnectivity(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConnectivity(): Connectivity {
  return useSyncExternalStore(subscribeConnectivity, connectivity, () => 'online');
}

/** Tests start from a known state. */
export function resetConnectivity(next: Connectivity = 'online'): void {
  if (probe !== undefined) clearTimeout(probe);
  probe = undefined;
  probeDelay = PROBE_FIRST_MS;
  state = next;
  for (const listener of listeners) listener();
}
