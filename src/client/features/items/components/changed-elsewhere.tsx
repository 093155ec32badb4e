import RefreshCw from '~icons/lucide/refresh-cw';
import Trash from '~icons/lucide/trash';
import { Button } from '../../../components/ui/button';
import type { ItemKind } from '../lib/item-kinds';

/** "title", "title and Today", "title, day and repeat". */
function listed(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The edit dialog's word that its item changed on another device or tab while it was open
 * (docs/product.md#dialog-lifecycle): the fields keep what the person typed, and they choose.
 */
export function ChangedElsewhere({
  fields,
  onTake,
  onKeep,
}: {
  /** The changed fields, as changedFields names them. */
  fields: readonly string[];
  onTake: () => void;
  onKeep: () => void;
}) {
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-lg border border-border bg-muted px-3 py-2 text-sm"
    >
      <div className="flex gap-2">
        <RefreshCw className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <div className="min-w-0">
          <p className="font-semibold">Changed on another device</p>
          <p>
            Its {listed(fields)} {fields.length === 1 && fields[0] !== 'labels' ? 'was' : 'were'} changed
            there. Take the new values, or keep yours and save them.
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 pl-6">
        <Button size="sm" variant="outline" onClick={onTake}>
          Take the new values
        </Button>
        <Button size="sm" variant="outline" onClick={onKeep}>
          Keep mine
        </Button>
      </div>
    </div>
  );
}

/** The edit dialog's word that its item was deleted elsewhere: it stays open, and cannot save. */
export function DeletedElsewhere({ kind }: { kind: ItemKind }) {
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm"
    >
      <Trash className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <div className="min-w-0">
        <p className="font-semibold">Deleted on another device</p>
        <p>This {kind} no longer exists, so it cannot be saved. What you typed is still here to copy.</p>
      </div>
    </div>
  );
}
