import { useLayoutEffect } from 'react';
import { releaseAppShell } from '../../lib/app-shell';

/**
 * Rendered beside a screen: once React commits it, the app has drawn a screen of its own and the
 * pre-rendered frame gives way (lib/app-shell.ts). A layout effect, so the swap happens before paint.
 */
export function AppShellRelease(): null {
  useLayoutEffect(releaseAppShell, []);
  return null;
}
