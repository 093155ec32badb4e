import type { ComponentType, SVGProps } from 'react';
import { Link, useLocation } from 'wouter';
import CalendarCheck from '~icons/lucide/calendar-check';
import CalendarRange from '~icons/lucide/calendar-range';
import LayoutList from '~icons/lucide/layout-list';
import { cn } from '../../lib/cn';

type NavEntry = {
  href: string;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Paths that count as "here" for highlighting: Today lives at both / and /today. */
  matches: string[];
};

const entries: NavEntry[] = [
  { href: '/', label: 'Today', icon: CalendarCheck, matches: ['/', '/today'] },
  { href: '/upcoming', label: 'Upcoming', icon: CalendarRange, matches: ['/upcoming'] },
  { href: '/all-items', label: 'All Items', icon: LayoutList, matches: ['/all-items'] },
];

/**
 * The room signed-in pages keep for the navigation, beside MainNav so the two change together: the
 * main area keeps both (room below the bottom bar on phones and tablets, beside the side bar from
 * `lg`, 1024 px), a full-width line under the header (the connectivity banner) only the side bar's.
 */
export const NAV_ROOM = { below: 'pb-28 lg:pb-10', beside: 'lg:ml-60' } as const;

/**
 * Today, Upcoming and All Items, the current path's entry highlighted (docs/product.md#signed-in-chrome):
 * a bar fixed to the bottom below `lg`, where the thumb is, and from `lg` a side bar under the header,
 * as desktop planners have it. One element either way, so there is one "Main" navigation.
 */
export function MainNav() {
  const [location] = useLocation();
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-border border-t bg-background/90 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:inset-x-auto lg:top-16 lg:left-0 lg:w-60 lg:border-t-0 lg:border-r lg:bg-background lg:pb-0 lg:backdrop-blur-none"
    >
      <ul className="mx-auto grid max-w-3xl grid-cols-3 gap-2 px-4 py-1.5 lg:flex lg:max-w-none lg:flex-col lg:gap-1 lg:px-3 lg:py-4">
        {entries.map(({ href, label, icon: Icon, matches }) => {
          const active = matches.includes(location);
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex min-h-14 flex-col items-center justify-center gap-0.5 rounded-xl font-medium text-xs transition-colors lg:min-h-10 lg:flex-row lg:justify-start lg:gap-3 lg:rounded-lg lg:px-3 lg:text-sm',
                  active
                    ? 'bg-accent text-accent-foreground'
                    : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                )}
              >
                <Icon aria-hidden="true" className="size-5 lg:size-4" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
