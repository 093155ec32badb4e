import { useSearch } from 'wouter';
import { SIGN_IN_ERRORS, type SignInErrorCode } from '#shared/api/wire-names';
import CircleAlert from '~icons/lucide/circle-alert';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { GoogleSignInButton } from '../../features/auth/components/google-sign-in-button';
import { BrandMark, PRODUCT_NAME } from '../layout/brand';

/** The server sends failed sign-ins here with a reason (SIGN_IN_ERRORS, docs/decisions/002-sign-in.md). */
export const SIGN_IN_FAILED_MESSAGE = "Sign-in didn't complete. Please try again.";

const SIGN_IN_ERROR_MESSAGES: Record<SignInErrorCode, string> = {
  [SIGN_IN_ERRORS.failed]: SIGN_IN_FAILED_MESSAGE,
  [SIGN_IN_ERRORS.cancelled]: 'Sign-in was cancelled. Sign in again whenever you like.',
  [SIGN_IN_ERRORS.expired]:
    'That sign-in took too long or was started in another tab or browser. Please sign in again from here.',
  [SIGN_IN_ERRORS.unreachable]:
    "Google's sign-in could not be reached. Check your connection and try again in a moment.",
  [SIGN_IN_ERRORS.unavailable]:
    'Stride cannot reach its database right now, so you could not be signed in. Try again in a few seconds.',
};

/** What went wrong, in words, for the code the server put in `?error=`; unknown codes read as failed. */
export function signInErrorMessage(code: string | null): string | undefined {
  if (code === null) return undefined;
  return SIGN_IN_ERROR_MESSAGES[code as SignInErrorCode] ?? SIGN_IN_FAILED_MESSAGE;
}

/** `/login` (docs/product.md#signed-out-pages): the welcome card with the Google button. */
export function LoginRoute() {
  const failure = signInErrorMessage(new URLSearchParams(useSearch()).get('error'));
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 pt-12 pb-16 sm:pt-20">
      <Card>
        <CardHeader className="items-center text-center">
          <BrandMark className="mb-2 size-12" />
          <h1 className="font-semibold text-2xl leading-tight tracking-tight">Welcome to {PRODUCT_NAME}</h1>
          <CardDescription>Sign in to manage your goals, tasks, and habits</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {failure ? (
            <p
              role="alert"
              className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-foreground text-sm"
            >
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
              {failure}
            </p>
          ) : null}
          <GoogleSignInButton className="w-full" />
          <p className="text-center text-muted-foreground text-xs">Secure authentication powered by Google</p>
        </CardContent>
      </Card>
    </div>
  );
}
