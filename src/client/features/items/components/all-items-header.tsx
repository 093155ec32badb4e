import Archive from '~icons/lucide/archive';
import ArchiveRestore from '~icons/lucide/archive-restore';
import Plus from '~icons/lucide/plus';
import { Button } from '../../../components/ui/button';

/**
 * The All Items heading, its count and its two actions (docs/product.md#all-items-screen); the
 * pre-rendered frame of the screen draws it too (app/app-shell-document.tsx).
 */
export function AllItemsHeader({
  countText,
  showArchived,
  onToggleArchived,
  onAdd,
}: {
  /** "{visible} of {total} item(s)"; undefined while the lists load. */
  countText: string | undefined;
  showArchived: boolean;
  onToggleArchived: () => void;
  onAdd: () => void;
}) {
  return (
    <header className="flex items-end justify-between gap-2">
      <div className="min-w-0">
        <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">All Items</h1>
        <p className="min-h-5 text-muted-foreground text-sm sm:mt-1" data-testid="all-items-count">
          {countText}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {/* On phones the archive toggle is an icon (its words stay its name) so the list starts high. */}
        <Button variant="outline" onClick={onToggleArchived} className="max-sm:w-11 max-sm:px-0">
          {showArchived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
          <span className="max-sm:sr-only">
            {showArchived ? 'Hide archived goals' : 'Show archived goals'}
          </span>
        </Button>
        <Button onClick={onAdd}>
          <Plus aria-hidden />
          Add Item
        </Button>
      </div>
    </header>
  );
}
