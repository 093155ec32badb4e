import { Fragment } from 'react';
import { SHORTCUT_LIST } from '#shared/domain/shortcuts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';

/** The "?" dialog: every keyboard shortcut (docs/product.md#keyboard-shortcuts). Loaded on first use. */
export function ShortcutsHelp({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>
            Not while typing in a field. j and k move between cards; the others act on the card in focus.
          </DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
          {SHORTCUT_LIST.map(({ keys, label }) => (
            <Fragment key={label}>
              <dt className="flex items-center gap-1 justify-self-end">
                {keys.map((key, i) => (
                  <Fragment key={key}>
                    {i > 0 && <span className="text-muted-foreground text-xs">then</span>}
                    <kbd className="min-w-6 rounded border border-border bg-muted px-1.5 py-0.5 text-center font-mono text-xs">
                      {key}
                    </kbd>
                  </Fragment>
                ))}
              </dt>
              <dd>{label}</dd>
            </Fragment>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
