import CircleAlert from 'lucide-react/icons/circle-alert';
import { useSearch } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { GoogleSignInButton } from '../../features/auth/components/google-sign-in-button';
import { BrandMark, PRODUCT_NAME } from '../layout/brand';

/** The server sends failed sign-ins here (src/server/auth/auth.routes.ts SIGN_IN_FAILED_PATH). */
export const SIGN_IN_FAILED_MESSAGE = "Sign-in didn't complete. Please try again.";

/** SPEC §2 `/login`: the welcome card with the Google button. */
export function LoginRoute() {
  const failed = new URLSearchParams(useSearch()).get('error') === 'sign_in_failed';
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 pt-12 pb-16 sm:pt-20">
      <Card>
        <CardHeader className="items-center text-center">
          <BrandMark className="mb-2 size-12" />
          <h1 className="font-semibold text-2xl leading-tight tracking-tight">Welcome to {PRODUCT_NAME}</h1>
          <CardDescription>Sign in to manage your goals, tasks, and habits</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {failed ? (
            <p
              role="alert"
              className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-foreground text-sm"
            >
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
              {SIGN_IN_FAILED_MESSAGE}
            </p>
          ) : null}
          <GoogleSignInButton className="w-full" />
          <p className="text-center text-muted-foreground text-xs">Secure authentication powered by Google</p>
        </CardContent>
      </Card>
    </div>
  );
}
