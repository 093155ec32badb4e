import { SIGN_IN_PATH } from '#shared/api/wire-names';
import { Button, type ButtonSize } from '../../../components/ui/button';
import { signInFromApp } from '../session-actions';
import { GoogleMark } from './google-mark';

/**
 * "Sign In with Google" navigates the browser to /api/auth/google (docs/product.md#signed-out-pages).
 * It submits a form, so it works before any script has run: the pre-rendered pages start their scripts
 * after the first paint, and a tap in between went nowhere.
 */
export function GoogleSignInButton({ size = 'lg', className }: { size?: ButtonSize; className?: string }) {
  return (
    <form method="get" action={SIGN_IN_PATH} onSubmit={signInFromApp} className="contents">
      <Button type="submit" size={size} className={className}>
        <GoogleMark className="size-5! rounded-full bg-white p-0.5" />
        Sign In with Google
      </Button>
    </form>
  );
}
