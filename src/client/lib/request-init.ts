import type { Method } from '#shared/api/contract';
import { TAB_HEADER, TIME_ZONE_HEADER } from '#shared/api/wire-names';
import { TAB_ID } from './client-id';

/*
 * What every call to the API carries, apart from the fetch wrapper (lib/api-client.ts) so that the
 * app's first module can start its early requests without loading the rest (lib/early-requests.ts).
 */

/** How long the zone read from the browser is trusted: a device that travels changes it rarely. */
const ZONE_READ_EVERY_MS = 60_000;
let zoneRead: { zone: string | undefined; at: number } | undefined;

/** Temporal where the browser has it (Chromium 144 and later); not yet in TypeScript's DOM types. */
type WithTemporal = { Temporal?: { Now: { timeZoneId(): string } } };

/**
 * The IANA zone this browser runs in, sent with every call (docs/decisions/003-day-rules.md). Read
 * at most once a minute: asking Intl builds a date formatter each time, a few milliseconds on a slow
 * phone for every call (docs/decisions/010-first-load-weight.md). Temporal answers first where it
 * exists: the first Intl formatter of a page loads the locale's date data, measured 54 ms in
 * Chromium on this machine (over 200 ms on Lighthouse's slowed phone, in the first module's task),
 * against 0.1 ms for Temporal.Now.timeZoneId().
 */
export function browserTimeZone(): string | undefined {
  const now = Date.now();
  if (zoneRead && now - zoneRead.at < ZONE_READ_EVERY_MS) return zoneRead.zone;
  let zone: string | undefined;
  try {
    const temporal = (globalThis as WithTemporal).Temporal;
    zone =
      (temporal ? temporal.Now.timeZoneId() : Intl.DateTimeFormat().resolvedOptions().timeZone) || undefined;
  } catch {
    zone = undefined;
  }
  zoneRead = { zone, at: now };
  return zone;
}

export function requestInit(method: Method, body?: unknown, keepalive = false): RequestInit {
  // This tab's name, so the live-update stream can tell it its own changes (lib/live-updates.ts).
  const headers: Record<string, string> = { [TAB_HEADER]: TAB_ID };
  const zone = browserTimeZone();
  if (zone) headers[TIME_ZONE_HEADER] = zone;
  const init: RequestInit = { method, credentials: 'include', headers };
  // A write sent as the page goes away (lib/held-back.ts) must outlive it.
  if (keepalive) init.keepalive = true;
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  return init;
}
