import type { ComponentType, SVGProps } from 'react';
import { Link } from 'wouter';
import type { AuthUser } from '#shared/api/auth';
import CalendarCheck from '~icons/lucide/calendar-check';
import ChevronRight from '~icons/lucide/chevron-right';
import LayoutList from '~icons/lucide/layout-list';
import LogOut from '~icons/lucide/log-out';
import { Button } from '../../components/ui/button';
import { useUser } from '../../features/auth/get-user';
import { signOutFromApp } from '../../features/auth/session-actions';

type Destination = {
  href: string;
  title: string;
  text: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
};

const destinations: Destination[] = [
  { href: '/today', title: 'Today', text: 'Focus on your daily tasks and habits', icon: CalendarCheck },
  {
    href: '/all-items',
    title: 'All Items',
    text: 'Manage all your goals, tasks, and habits',
    icon: LayoutList,
  },
];

/** The first name, else the email (docs/product.md#home-page). */
export function welcomeName(user: Pick<AuthUser, 'firstName' | 'email'>): string {
  return user.firstName?.trim() || user.email;
}

/** `/home`: welcome line, Log Out, and the two destination cards (docs/product.md#home-page). */
export function HomeRoute() {
  const auth = useUser();
  if (auth.status !== 'signed-in') return null;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="break-words font-bold text-2xl tracking-tight sm:text-3xl">
            Welcome back, {welcomeName(auth.user)}!
          </h1>
          <p className="mt-1 text-muted-foreground">Where would you like to start?</p>
        </div>
        <Button variant="outline" onClick={signOutFromApp}>
          <LogOut aria-hidden="true" />
          Log Out
        </Button>
      </div>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {destinations.map(({ href, title, text, icon: Icon }) => (
          <li key={href}>
            <Link
              href={href}
              className="group flex h-full items-center gap-4 rounded-2xl border border-border bg-card p-5 shadow-sm transition-colors hover:border-primary/50 hover:bg-accent/40"
            >
              <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-lg">{title}</span>
                <span className="block text-muted-foreground text-sm">{text}</span>
              </span>
              <ChevronRight
                aria-hidden="true"
                className="size-5 text-muted-foreground transition-transform group-hover:translate-x-0.5"
              />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
