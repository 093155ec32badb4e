import { toast } from '../../components/ui/toast';
import { signIn, signOut } from './sign-in';

/*
 * Sign-in and sign-out are page loads on the server (docs/product.md#sign-in-state): without a
 * connection the browser could only show its own error page, so the app says what to do instead
 * (docs/product.md#connectivity). The pre-rendered landing page, which the service worker never serves
 * offline, calls sign-in.ts directly.
 */

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

function sayNeedsConnection(what: 'in' | 'out'): void {
  toast({
    title: `Signing ${what} needs a connection`,
    description: `You're offline. Sign ${what} again when you're back online.`,
  });
}

export function signInFromApp(): void {
  if (offline()) sayNeedsConnection('in');
  else signIn();
}

export function signOutFromApp(): void {
  if (offline()) sayNeedsConnection('out');
  else signOut();
}
