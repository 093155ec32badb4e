import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { type EndpointPolicy, PushEndpointRefused, vetPushEndpoint } from './push-endpoint-guard';

/*
 * One push message to one browser (docs/decisions/032-push-reminders.md). web-push encrypts the
 * payload for the subscription (RFC 8291, aes128gcm) and signs the VAPID header (RFC 8292) in
 * generateRequestDetails; the request itself is ours, because it must go to the address the endpoint
 * guard approved (web-push would resolve the name again), may be plain http to a test's loopback push
 * service, and must end within a time and a response size.
 */

/** A push service that does not answer in this time is treated as unavailable (retried later). */
export const PUSH_TIMEOUT_MS = 10_000;
/** Push services answer with a few bytes; more than this is not read. */
export const PUSH_RESPONSE_MAX_BYTES = 16 * 1024;
/** How long a push service keeps an undelivered reminder for an offline browser: an hour, then it is stale. */
export const PUSH_TTL_SECONDS = 3600;

export type PushTarget = { endpoint: string; keys: { p256dh: string; auth: string } };
export type Vapid = { subject: string; publicKey: string; privateKey: string };

export type PushOutcome =
  | { kind: 'sent' }
  /** 404 or 410: the browser dropped the subscription. */
  | { kind: 'gone' }
  /** 429, 5xx, a timeout or no connection: try again, not before `retryAfterMs` when the service said so. */
  | { kind: 'retry'; status: number | null; retryAfterMs: number | null }
  /** Anything else (a refused endpoint, 400, 401, 403, 413): sending it again would not help. */
  | { kind: 'failed'; reason: string };

/** Retry-After as seconds or an HTTP date (RFC 9110, 10.2.3), in milliseconds from `now`. */
export function retryAfterMs(value: string | string[] | undefined, now: Date): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text.trim() === '') return null;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now.getTime());
}

function post(
  url: URL,
  pinned: { address: string; family: 4 | 6 },
  headers: Record<string, string | number>,
  body: Buffer | null,
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  // Connects to the approved address whatever the name resolves to now; TLS still checks the name.
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      { method: 'POST', headers, lookup, timeout: PUSH_TIMEOUT_MS, agent: false },
      (response) => {
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > PUSH_RESPONSE_MAX_BYTES) response.destroy();
        });
        const done = () => resolve({ status: response.statusCode ?? 0, headers: response.headers });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => request.destroy(new Error('push timed out')), PUSH_TIMEOUT_MS);
    request.on('timeout', () => request.destroy(new Error('push timed out')));
    request.on('error', reject);
    request.on('close', () => clearTimeout(timer));
    request.end(body ?? undefined);
  });
}

/** Sends `payload` to one subscription and says what came of it; never throws. */
export async function sendPush(
  target: PushTarget,
  payload: string,
  options: { vapid: Vapid; policy: EndpointPolicy; topic: string; now: () => Date },
): Promise<PushOutcome> {
  let vetted: Awaited<ReturnType<typeof vetPushEndpoint>>;
  try {
    vetted = await vetPushEndpoint(target.endpoint, options.policy);
  } catch (error) {
    if (error instanceof PushEndpointRefused) return { kind: 'failed', reason: error.message };
    throw error;
  }
  // Loaded at the first push rather than at every start (docs/decisions/034-start-without-rebuilding.md).
  const { default: webpush } = await import('web-push');
  const details = webpush.generateRequestDetails(target, payload, {
    vapidDetails: options.vapid,
    TTL: PUSH_TTL_SECONDS,
    urgency: 'high',
    // A later message with the same topic replaces one the service still holds (RFC 8030, 5.4).
    topic: options.topic,
  });
  try {
    const answer = await post(
      vetted.url,
      vetted,
      details.headers as Record<string, string | number>,
      details.body as Buffer | null,
    );
    if (answer.status >= 200 && answer.status < 300) return { kind: 'sent' };
    if (answer.status === 404 || answer.status === 410) return { kind: 'gone' };
    if (answer.status === 429 || answer.status >= 500) {
      return {
        kind: 'retry',
        status: answer.status,
        retryAfterMs: retryAfterMs(answer.headers['retry-after'], options.now()),
      };
    }
    return { kind: 'failed', reason: `push service answered ${answer.status}` };
  } catch {
    return { kind: 'retry', status: null, retryAfterMs: null };
  }
}
