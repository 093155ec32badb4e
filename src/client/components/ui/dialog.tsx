import type { Dialog as DialogPrimitive } from 'radix-ui';
import { type ComponentProps, type ReactNode, useCallback, useLayoutEffect, useRef } from 'react';
import { chunkOnce } from '../../lib/chunk-once';
import { cn } from '../../lib/cn';
import { notifyError } from '../../lib/notify-error';
import { useBackCloses } from '../../lib/use-back-closes';
import { useChunk } from '../../lib/use-chunk';
import { OpenerContext, openerOf } from './dialog-focus';

export { focusAtEnd } from './dialog-focus';

/*
 * Dialogs. Radix's dialog is loaded once the first screen is drawn, or when a dialog first opens if
 * that comes sooner (docs/decisions/010-first-load-weight.md, "Menus, dialogs and toasts loaded on
 * demand"); its parts live in ./dialog-parts, and the parts below draw them once loaded.
 */

const dialogParts = chunkOnce(() => import('./dialog-parts'));
type Parts = NonNullable<ReturnType<typeof dialogParts.loaded>>;

/** Loads the dialogs' Radix parts once; a load that failed is tried again at the next opening. */
export const loadDialogParts = dialogParts.load;

const cannotOpen = (error: unknown) => notifyError('Could not open the dialog', error);

/** The loaded parts: the parts below are drawn only inside a Dialog, which waits for them. */
function built(): Parts {
  const parts = dialogParts.loaded();
  if (!parts) throw new Error('A dialog part was drawn outside a Dialog.');
  return parts;
}

/**
 * A dialog root whose open state Back can close (lib/use-back-closes.ts), and which gives focus back
 * to what opened it when it closes, however it closes (docs/product.md#dialog-lifecycle). Our dialogs
 * are opened by state rather than by a Radix trigger, so Radix alone would leave focus on the page.
 * Until Radix's parts are loaded it draws nothing: a closed dialog draws nothing anyway, and an open
 * one loads them and opens when they arrive.
 */
export function Dialog({ open, onOpenChange, ...props }: ComponentProps<typeof DialogPrimitive.Root>) {
  useBackCloses(open ?? false, () => onOpenChange?.(false));
  const opener = useRef<HTMLElement | null>(null);
  // Read before the dialog moves focus inside itself (Radix does that in a later, passive effect).
  useLayoutEffect(() => {
    if (open) opener.current = openerOf(document.activeElement);
  }, [open]);
  // A dialog that cannot open says so and is closed again, so the next press opens it anew (and asks
  // for the parts again) rather than finding it still open in its owner's state.
  const changeOpen = useRef(onOpenChange);
  useLayoutEffect(() => {
    changeOpen.current = onOpenChange;
  });
  const failed = useCallback((error: unknown) => {
    cannotOpen(error);
    changeOpen.current?.(false);
  }, []);
  const ready = useChunk(dialogParts, open ?? false, failed);
  if (!ready) return null;
  return (
    <OpenerContext.Provider value={opener}>
      <ready.Root open={open} onOpenChange={onOpenChange} {...props} />
    </OpenerContext.Provider>
  );
}

/**
 * A modal panel: focus is trapped inside, Escape and the close button dismiss it, and the page behind
 * is inert (./dialog-parts draws it).
 */
export function DialogContent(props: ComponentProps<Parts['Content']>) {
  const { Content } = built();
  return <Content {...props} />;
}

export function DialogTitle(props: ComponentProps<typeof DialogPrimitive.Title>) {
  const { Title } = built();
  return <Title {...props} />;
}

export function DialogDescription(props: ComponentProps<typeof DialogPrimitive.Description>) {
  const { Description } = built();
  return <Description {...props} />;
}

export function DialogHeader({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('flex flex-col gap-1 pr-8', className)}>{children}</div>;
}

/**
 * The dialog's buttons. They stay in view at the bottom of a dialog taller than the screen (the bulk
 * form at 1280×800 was one), over what scrolls beneath them, and never over the last field once it is
 * scrolled to: the browser keeps a sticky box inside the scroller's padding, so `bottom` gives that
 * padding back (-1.25rem, the dialog's p-5), or the footer sat 20 px up, over the last field's border.
 */
export function DialogFooter({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'sticky -bottom-5 -mx-5 -mb-5 flex flex-col-reverse gap-2 rounded-b-2xl bg-card px-5 pt-2 pb-5 sm:flex-row sm:justify-end',
        className,
      )}
    >
      {children}
    </div>
  );
}
