import CalendarCheck from 'lucide-react/icons/calendar-check';
import SearchX from 'lucide-react/icons/search-x';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonClasses } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';

/** The Today list shows 3 placeholder rows while it loads (docs/product.md#today-screen). */
export const TODAY_SKELETON_ROWS = 3;
const SKELETON_KEYS = Array.from({ length: TODAY_SKELETON_ROWS }, (_, row) => `skeleton-row-${row}`);

export function TodaySkeleton() {
  return (
    <div role="status" aria-label="Loading today's items" className="flex flex-col gap-2">
      {SKELETON_KEYS.map((key) => (
        <div
          key={key}
          data-testid="today-skeleton-row"
          className="flex items-center gap-3 rounded-xl border bg-card p-3"
        >
          <Skeleton className="size-6 rounded-full" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="size-8" />
        </div>
      ))}
    </div>
  );
}

function EmptyState({ icon, title, description }: { icon: ReactNode; title: string; description: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed bg-card/60 px-6 py-12 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        {icon}
      </div>
      <h2 className="font-semibold text-lg">{title}</h2>
      <p className="max-w-xs text-muted-foreground text-sm">{description}</p>
      <Link href="/all-items" className={buttonClasses({ variant: 'outline', className: 'mt-2' })}>
        Browse all items
      </Link>
    </div>
  );
}

/** Nothing is on Today at all. */
export function TodayEmpty() {
  return (
    <EmptyState
      icon={<CalendarCheck aria-hidden="true" className="size-6" />}
      title="No items for today"
      description="Add some tasks and habits to get started with your day!"
    />
  );
}

/** Items are on Today, but the filter chips hide all of them. */
export function TodayNoMatches() {
  return (
    <EmptyState
      icon={<SearchX aria-hidden="true" className="size-6" />}
      title="No matching items"
      description="Try adjusting your filters to see more items."
    />
  );
}
