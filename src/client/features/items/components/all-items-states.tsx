import Inbox from 'lucide-react/icons/inbox';
import Plus from 'lucide-react/icons/plus';
import SearchX from 'lucide-react/icons/search-x';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';

/** All Items shows 5 placeholder rows while it loads (docs/product.md#all-items-screen). */
export const ALL_ITEMS_SKELETON_ROWS = 5;
const ROWS = Array.from({ length: ALL_ITEMS_SKELETON_ROWS }, (_, row) => `row-${row}`);

export function AllItemsSkeleton() {
  return (
    <div role="status" aria-label="Loading items" className="flex flex-col gap-2">
      {ROWS.map((key) => (
        <div
          key={key}
          data-testid="all-items-skeleton-row"
          className="flex min-h-14 items-center gap-3 rounded-xl border border-border bg-card px-3"
        >
          <Skeleton className="size-6 rounded-full" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="size-8 rounded-lg" />
        </div>
      ))}
    </div>
  );
}

function StatePanel({
  icon,
  title,
  description,
  action,
  role,
}: {
  icon: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
  role?: 'alert';
}) {
  return (
    <div
      role={role}
      className="flex flex-col items-center gap-3 rounded-2xl border border-border border-dashed bg-card/60 px-6 py-12 text-center"
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground [&_svg]:size-6">
        {icon}
      </div>
      <h2 className="font-semibold text-lg">{title}</h2>
      {description && <p className="max-w-xs text-muted-foreground text-sm">{description}</p>}
      {action}
    </div>
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
