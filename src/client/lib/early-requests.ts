import { requestInit } from './request-init';

/*
 * Early requests: the GETs a screen will make, started by the app's first module, before the rest of
 * its code has even loaded, instead of after the user call has answered and the screen's code has
 * loaded (docs/decisions/013-api-cost.md). The first apiRequest for the same path takes the answer
 * over (lib/api-client.ts); one not taken soon is dropped, so a later call always asks afresh.
 */

const EARLY_REQUEST_TTL_MS = 10_000;
const earlyRequests = new Map<string, { response: Promise<Response>; startedAt: number }>();

/**
 * What each screen asks for first. The paths must be those the screens' queries request
 * (features/today/api/get-today.ts, features/items/api/get-*.ts), or the early answer goes unused.
 */
const SCREEN_DATA: Record<string, readonly string[]> = {
  '/': ['/api/today'],
  '/today': ['/api/today'],
  '/all-items': ['/api/goals?showArchived=false', '/api/tasks', '/api/habits'],
};

/** The user call and the data of the screen at `pathname`. */
export function earlyRequestsFor(pathname: string): string[] {
  return ['/api/auth/user', ...(SCREEN_DATA[pathname] ?? [])];
}

export function startEarlyRequests(paths: readonly string[]): void {
  for (const path of paths) {
    const response = fetch(path, requestInit('GET'));
    // Not taken (signed out after all, another screen): its failure is nobody's to report.
    response.catch(() => undefined);
    earlyRequests.set(path, { response, startedAt: Date.now() });
  }
}

export function takeEarlyRequest(path: string): Promise<Response> | undefined {
  const early = earlyRequests.get(path);
  if (!early) return undefined;
  earlyRequests.delete(path);
  return Date.now() - early.startedAt <= EARLY_REQUEST_TTL_MS ? early.response : undefined;
}
