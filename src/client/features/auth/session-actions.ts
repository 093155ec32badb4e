import { toast } from '../../components/ui/toast';
import { signOut } from './sign-in';

/*
 * Sign-in and sign-out are page loads on the server (docs/product.md#sign-in-state): without a
 * connection the browser could only show its own error page, so the app says what to do instead
 * (docs/product.md#connectivity). Sign-in is a form's button (components/google-sign-in-button.tsx),
 * which goes to the server by itself; offline, the app stops it.
 */

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

function sayNeedsConnection(what: 'in' | 'out'): void {
  toast({
    title: `Signing ${what} needs a connection`,
    description: `You're offline. Sign ${what} again when you're back online.`,
  });
}

/** The sign-in form's submit: it goes on to the server unless the device is offline. */
export function signInFromApp(event: { preventDefault(): void }): void {
  if (!offline()) return;
  event.preventDefault();
  sayNeedsConnection('in');
}

export function signOutFromApp(): void {
  if (offline()) sayNeedsConnection('out');
  else signOut();
}
