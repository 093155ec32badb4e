import { Button, type ButtonSize } from '../../../components/ui/button';
import { signInFromApp } from '../session-actions';
import { GoogleMark } from './google-mark';

/** "Sign In with Google" navigates the browser to /api/auth/google (docs/product.md#signed-out-pages). */
export function GoogleSignInButton({ size = 'lg', className }: { size?: ButtonSize; className?: string }) {
  return (
    <Button size={size} className={className} onClick={signInFromApp} data-sign-in="">
      <GoogleMark className="size-5! rounded-full bg-white p-0.5" />
      Sign In with Google
    </Button>
  );
}
