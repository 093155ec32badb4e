import { Link } from 'wouter';
import CalendarCheck from '~icons/lucide/calendar-check';
import SearchX from '~icons/lucide/search-x';
import { buttonClasses } from '../../../components/ui/button';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { StatePanel } from '../../../components/ui/state-panel';

/** The Today list shows 3 placeholder rows while it loads (docs/product.md#today-screen). */
export const TODAY_SKELETON_ROWS = 3;

export function TodaySkeleton() {
  return (
    <SkeletonRows rows={TODAY_SKELETON_ROWS} label="Loading today's items" rowTestId="today-skeleton-row" />
  );
}

/** Both empty states offer the way to All Items (docs/decisions/009-execution-mode.md). */
const browseAllItems = (
  <Link href="/all-items" className={buttonClasses({ variant: 'outline', className: 'mt-2' })}>
    Browse all items
  </Link>
);

/** Nothing is on Today at all. */
export function TodayEmpty() {
  return (
    <StatePanel
      icon={<CalendarCheck aria-hidden="true" />}
      title="No items for today"
      description="Add some tasks and habits to get started with your day!"
      action={browseAllItems}
    />
  );
}

/** Items are on Today, but the filter chips hide all of them. */
export function TodayNoMatches() {
  return (
    <StatePanel
      icon={<SearchX aria-hidden="true" />}
      title="No matching items"
      description="Try adjusting your filters to see more items."
      action={browseAllItems}
    />
  );
}
