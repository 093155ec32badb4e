// Names both sides of the wire agree on. Kept apart from the zod schemas so the app shell, which
// needs the header name on every call, does not pull zod into the first load.

/** The browser sends its IANA zone on every API call so "today" is the user's own day. */
export const TIME_ZONE_HEADER = 'x-time-zone';

/**
 * Sign-in and sign-out are full browser navigations, never background calls
 * (docs/product.md#sign-in-state); the server's sign-out pages link back to the second.
 */
export const SIGN_IN_PATH = '/api/auth/google';
export const SIGN_OUT_PATH = '/api/auth/logout';

/**
 * Why a sign-in ended on /login?error=...: the server picks the code, the login page says it in words
 * (docs/product.md#signed-out-pages).
 */
export const SIGN_IN_ERRORS = {
  /** Anything else: a bad or forged callback, an ID token that does not check out. */
  failed: 'sign_in_failed',
  /** The person said no at the issuer (error=access_denied). */
  cancelled: 'sign_in_cancelled',
  /** The sign-in took longer than ten minutes, or this browser never started it (no state cookie). */
  expired: 'sign_in_expired',
  /** The identity provider could not be reached. */
  unreachable: 'sign_in_unreachable',
  /** Stride's own database could not be reached (docs/product.md#signed-out-pages). */
  unavailable: 'sign_in_unavailable',
} as const;
export type SignInErrorCode = (typeof SIGN_IN_ERRORS)[keyof typeof SIGN_IN_ERRORS];

/**
 * Names the browser tab a write came from, so the live-update stream can tell that tab its own change
 * needs no refetch (docs/decisions/017-live-sync.md). Random per tab; never stored.
 */
export const TAB_HEADER = 'x-stride-tab';
export const TAB_ID_PATTERN = /^[A-Za-z0-9-]{1,40}$/;

/** Events of the live-update stream: `resync` means "changes may be missing: refetch everything". */
export const LIVE_EVENTS = { change: 'change', resync: 'resync' } as const;

/**
 * Tasks one POST /api/tasks/plan moves at most (docs/product.md#input-limits). Here, not beside the other
 * limits in common.ts, because "Plan all for today", on the first screen, sends more in parts of this
 * size and must not pull zod into the first load.
 */
export const PLAN_MAX_MOVES = 500;
