import House from 'lucide-react/icons/house';
import LogOut from 'lucide-react/icons/log-out';
import Settings from 'lucide-react/icons/settings';
import { Link } from 'wouter';
import { displayName, initials } from '#shared/domain/initials';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Skeleton } from '../../../components/ui/skeleton';
import { tooltipProps } from '../../../components/ui/tooltip';
import { useUser } from '../get-user';
import { signOutFromApp } from '../session-actions';

export const ACCOUNT_MENU_LABEL = 'Account menu';

/**
 * Pulsing placeholder while auth loads, nothing when signed out, avatar dropdown when signed in
 * (docs/product.md#signed-in-chrome).
 */
export function UserMenu() {
  const auth = useUser();
  if (auth.status === 'loading') {
    return <Skeleton data-testid="avatar-placeholder" className="size-9 rounded-full" />;
  }
  if (auth.status === 'signed-out') return null;
  const { user } = auth;
  return (
    // Non-modal: a modal menu hides the page with aria-hidden while focus stays trapped, which axe flags.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        {/* The name begins with what the button shows (WCAG 2.5.3, label in name). */}
        <Button
          variant="ghost"
          size="icon"
          aria-label={`${initials(user)}, ${ACCOUNT_MENU_LABEL.toLowerCase()}`}
          className="rounded-full"
          {...tooltipProps(ACCOUNT_MENU_LABEL)}
        >
          <span className="flex size-9 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground text-sm">
            {initials(user)}
          </span>
        </Button>
      </DropdownMenuTrigger>
      {/* The menu is 12rem wide (docs/product.md#signed-in-chrome). */}
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
    </DropdownMenu>
  );
}
