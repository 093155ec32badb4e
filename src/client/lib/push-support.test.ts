import { describe, expect, it } from 'vitest';
import { type BrowserTraits, pushSupport } from './push-support';

const CHROME_DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';

const capable: BrowserTraits = {
  secure: true,
  serviceWorker: true,
  pushManager: true,
  notification: true,
  permission: 'default',
  userAgent: CHROME_DESKTOP,
  maxTouchPoints: 0,
  standalone: false,
};

describe('whether this browser can take reminders (docs/product.md#account-settings)', () => {
  it.each<[string, Partial<BrowserTraits>, ReturnType<typeof pushSupport>]>([
    ['a desktop Chrome', {}, 'ready'],
    ['one that already allowed them', { permission: 'granted' }, 'ready'],
    ['one where they are blocked', { permission: 'denied' }, 'blocked'],
    ['a plain-http page', { secure: false }, 'insecure'],
    ['a browser without PushManager', { pushManager: false }, 'unsupported'],
    ['a browser without service workers', { serviceWorker: false }, 'unsupported'],
    [
      'an iPhone in Safari, which has no PushManager there',
      { userAgent: IPHONE, pushManager: false, notification: false },
      'install-first',
    ],
    ['an iPhone in Safari that has them', { userAgent: IPHONE }, 'install-first'],
    [
      'an iPad that says it is a Mac',
      { userAgent: IPAD_AS_MAC, maxTouchPoints: 5, pushManager: false },
      'install-first',
    ],
    ['the app installed on an iPhone', { userAgent: IPHONE, standalone: true }, 'ready'],
    [
      'an installed iPhone app on an old iOS without push',
      { userAgent: IPHONE, standalone: true, pushManager: false },
      'unsupported',
    ],
    ['a Mac with Safari', { userAgent: IPAD_AS_MAC, maxTouchPoints: 0 }, 'ready'],
  ])('%s: %s', (_name, traits, expected) => {
    expect(pushSupport({ ...capable, ...traits })).toBe(expected);
  });
});
