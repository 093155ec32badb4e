import { Link } from 'wouter';
import { displayName, initials } from '#shared/domain/initials';
import House from '~icons/lucide/house';
import LogOut from '~icons/lucide/log-out';
import Settings from '~icons/lucide/settings';
import { buttonClasses } from '../../../components/ui/button';
import {
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuOnDemand,
  DropdownMenuSeparator,
} from '../../../components/ui/dropdown-menu';
import { Skeleton } from '../../../components/ui/skeleton';
import type { AuthState } from '../get-user';
import { signOutFromApp } from '../session-actions';

export const ACCOUNT_MENU_LABEL = 'Account menu';

/**
 * Pulsing placeholder while auth loads, nothing when signed out, avatar dropdown when signed in
 * (docs/product.md#signed-in-chrome).
 */
export function UserMenu({ auth }: { auth: AuthState }) {
  // `auth` is the frame's, deferred by the router (app/router.tsx), so the user's arrival is drawn with
  // the rest of the frame, not urgently on its own; the menu's Radix parts are built when it is first
  // opened (docs/decisions/010-first-load-weight.md).
  if (auth.status === 'loading') {
    return <Skeleton data-testid="avatar-placeholder" className="size-9 rounded-full" />;
  }
  if (auth.status === 'signed-out') return null;
  const { user } = auth;
  return (
    <DropdownMenuOnDemand
      // The name begins with what the button shows (WCAG 2.5.3, label in name).
      label={`${initials(user)}, ${ACCOUNT_MENU_LABEL.toLowerCase()}`}
      hint={ACCOUNT_MENU_LABEL}
      className={buttonClasses({ variant: 'ghost', size: 'icon', className: 'rounded-full' })}
      icon={
        <span className="flex size-9 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground text-sm">
          {initials(user)}
        </span>
      }
    >
      {() => (
        // Non-modal (DropdownMenuOnDemand): a modal menu hides the page with aria-hidden while focus
        // stays trapped, which axe flags. The menu is 12rem wide (docs/product.md#signed-in-chrome).
        <DropdownMenuContent className="w-48">
          <DropdownMenuLabel>
            <span className="block truncate font-medium">{displayName(user)}</span>
            {/* The menu is 12rem wide: a long address wraps rather than being cut. */}
            <span className="block break-all text-muted-foreground text-xs">{user.email}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link href="/home">
              <House aria-hidden="true" />
              Home
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link href="/settings">
              <Settings aria-hidden="true" />
              Settings
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem variant="destructive" onSelect={signOutFromApp}>
            <LogOut aria-hidden="true" />
            Sign out
          </DropdownMenuItem>
        </DropdownMenuContent>
      )}
    </DropdownMenuOnDemand>
  );
}
