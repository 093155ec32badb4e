import Inbox from '~icons/lucide/inbox';
import Plus from '~icons/lucide/plus';
import SearchX from '~icons/lucide/search-x';
import TriangleAlert from '~icons/lucide/triangle-alert';
import { Button } from '../../../components/ui/button';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { StatePanel } from '../../../components/ui/state-panel';

/** All Items shows 5 placeholder rows while it loads (docs/product.md#all-items-screen). */
export const ALL_ITEMS_SKELETON_ROWS = 5;

export function AllItemsSkeleton() {
  return (
    <SkeletonRows rows={ALL_ITEMS_SKELETON_ROWS} label="Loading items" rowTestId="all-items-skeleton-row" />
  );
}

/** No goal, task or habit exists yet. */
export function AllItemsEmpty({ onAddGoal }: { onAddGoal: () => void }) {
  return (
    <StatePanel
      icon={<Inbox aria-hidden />}
      title="No items yet"
      description="Create your first goal, task, or habit to get started."
      action={
        <Button onClick={onAddGoal} className="mt-2">
          <Plus aria-hidden />
          Add Goal
        </Button>
      }
    />
  );
}

/** Items exist, but the filter chips hide every section. */
export function AllItemsNoMatches({ onShowAll }: { onShowAll: () => void }) {
  return (
    <StatePanel
      icon={<SearchX aria-hidden />}
      title="No matching items"
      description="Try adjusting your filters to see more items."
      action={
        <Button variant="outline" onClick={onShowAll} className="mt-2">
          Show everything
        </Button>
      }
    />
  );
}

/** "Failed to fetch goals", or tasks, or habits (docs/product.md#all-items-screen). */
export function AllItemsError({
  what,
  onRetry,
}: {
  what: 'goals' | 'tasks' | 'habits';
  onRetry: () => void;
}) {
  return (
    <StatePanel
      role="alert"
      icon={<TriangleAlert aria-hidden />}
      title={`Failed to fetch ${what}`}
      description="Check your connection and try again."
      action={
        <Button variant="outline" onClick={onRetry} className="mt-2">
          Try again
        </Button>
      }
    />
  );
}
