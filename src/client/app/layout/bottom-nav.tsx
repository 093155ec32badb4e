import CalendarCheck from 'lucide-react/icons/calendar-check';
import CalendarRange from 'lucide-react/icons/calendar-range';
import LayoutList from 'lucide-react/icons/layout-list';
import type { ComponentType, SVGProps } from 'react';
import { Link, useLocation } from 'wouter';
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
 * Three entries (Today, Upcoming, All Items), the current path's one highlighted (docs/product.md#signed-in-chrome). The layout reserves
 * room below for it.
 */
export function BottomNav() {
  const [location] = useLocation();
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-border border-t bg-background/90 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto grid max-w-3xl grid-cols-3 gap-2 px-4 py-1.5">
        {entries.map(({ href, label, icon: Icon, matches }) => {
          const active = matches.includes(location);
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex min-h-14 flex-col items-center justify-center gap-0.5 rounded-xl font-medium text-xs transition-colors',
                  active
                    ? 'bg-accent text-accent-foreground'
                    : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                )}
              >
                <Icon aria-hidden="true" className="size-5" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
