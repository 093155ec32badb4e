/*
 * Whether this browser can take reminders (docs/product.md#account-settings,
 * docs/decisions/036-reminders-on-screen.md): Web Push needs a secure page, a service worker, the
 * PushManager and notifications; an iPhone or iPad has them only in the app added to the Home Screen.
 */

export type PushSupport =
  | 'ready'
  /** Notifications were refused for Stride in this browser's settings. */
  | 'blocked'
  /** An iPhone or iPad in Safari: only the installed app gets notifications. */
  | 'install-first'
  /** A plain-http address other than localhost: browsers offer push only on secure pages. */
  | 'insecure'
  | 'unsupported';

export type BrowserTraits = {
  secure: boolean;
  serviceWorker: boolean;
  pushManager: boolean;
  notification: boolean;
  permission: NotificationPermission | undefined;
  userAgent: string;
  /** The platform is iPadOS reporting itself as a Mac: a Mac with a touch screen of several points. */
  maxTouchPoints: number;
  /** Opened as the installed app (display-mode standalone, or Safari's navigator.standalone). */
  standalone: boolean;
};

const APPLE_MOBILE = /iPhone|iPad|iPod/;

export function isAppleMobile(traits: Pick<BrowserTraits, 'userAgent' | 'maxTouchPoints'>): boolean {
  return (
    APPLE_MOBILE.test(traits.userAgent) || (/Macintosh/.test(traits.userAgent) && traits.maxTouchPoints > 1)
  );
}

export function pushSupport(traits: BrowserTraits): PushSupport {
  if (!traits.secure) return 'insecure';
  const complete = traits.serviceWorker && traits.pushManager && traits.notification;
  if (!complete) return isAppleMobile(traits) && !traits.standalone ? 'install-first' : 'unsupported';
  if (isAppleMobile(traits) && !traits.standalone) return 'install-first';
  return traits.permission === 'denied' ? 'blocked' : 'ready';
}

/** This browser's traits, read now. */
export function browserTraits(): BrowserTraits {
  const standalone =
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return {
    secure: window.isSecureContext,
    serviceWorker: 'serviceWorker' in navigator,
    pushManager: 'PushManager' in window,
    notification: 'Notification' in window,
    permission: 'Notification' in window ? Notification.permission : undefined,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    standalone,
  };
}

/** The words each state that keeps the switch off says (docs/product.md#account-settings). */
export const PUSH_SUPPORT_WORDS: Record<Exclude<PushSupport, 'ready'>, string> = {
  blocked:
    'Notifications from Stride are blocked in this browser. Allow them in the site’s settings, then switch reminders on here.',
  'install-first':
    'On an iPhone or iPad, reminders come only to the installed app: in Safari tap Share, then “Add to Home Screen”, and open Stride from there.',
  insecure: 'Reminders need a secure (https) address; this page was opened over plain http.',
  unsupported: 'This browser can’t show notifications from a website, so it can’t get reminders.',
};
