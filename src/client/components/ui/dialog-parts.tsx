import { Dialog as DialogPrimitive } from 'radix-ui';
import { type ComponentProps, useContext } from 'react';
import X from '~icons/lucide/x';
import { cn } from '../../lib/cn';
import { focusAtEnd, OpenerContext } from './dialog-focus';

/*
 * Radix's dialog and the parts drawn from it, loaded once the first screen is drawn or when a dialog
 * first opens (components/ui/dialog.tsx, docs/decisions/010-first-load-weight.md).
 */

export const Root = DialogPrimitive.Root;

/**
 * A modal panel: focus is trapped inside, Escape and the close button dismiss it, and the page behind
 * is inert. It opens with focus on the element marked `data-autofocus` (the item dialog's Title), else
 * on its first control, and closing gives focus back to its opener (see Dialog). The dialog is "small" (docs/product.md#item-dialog): max-w-sm on every screen; on phones it
 * keeps a 1rem margin and scrolls inside itself when the keyboard takes half the screen.
 */
const SHAPES = {
  dialog:
    'top-1/2 left-1/2 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl',
  // A sheet on phones (the full width, from the bottom edge, where the thumb is) and a wide dialog
  // from the sm breakpoint (docs/product.md#history).
  sheet:
    'inset-x-0 bottom-0 max-h-[90dvh] w-full rounded-t-2xl pb-[max(1.25rem,env(safe-area-inset-bottom))] sm:inset-x-auto sm:bottom-auto sm:top-1/2 sm:left-1/2 sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100%-2rem)] sm:max-w-4xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:pb-5',
} as const;

export function Content({
  className,
  children,
  closeLabel = 'Close',
  shape = 'dialog',
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { closeLabel?: string; shape?: keyof typeof SHAPES }) {
  const opener = useContext(OpenerContext);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50 backdrop-blur-[2px]" />
      <DialogPrimitive.Content
        className={cn(
          // The scroll padding keeps a field that takes focus clear of the footer's buttons (two rows on phones).
          'fixed z-50 flex scroll-pb-36 flex-col gap-4 overflow-y-auto border border-border bg-card p-5 text-card-foreground shadow-2xl focus:outline-none sm:scroll-pb-20',
          SHAPES[shape],
          className,
        )}
        onOpenAutoFocus={(event) => {
          onOpenAutoFocus?.(event);
          if (event.defaultPrevented || !(event.currentTarget instanceof HTMLElement)) return;
          const first = event.currentTarget.querySelector<HTMLElement>('[data-autofocus]');
          if (!first) return;
          event.preventDefault();
          focusAtEnd(first);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const target = opener?.current;
          if (event.defaultPrevented || !target) return;
          event.preventDefault();
          // The opener may have left the page meanwhile (its item deleted or moved on another device):
          // focus then starts again from the main area rather than being lost on the page.
          if (target.isConnected) target.focus();
          else document.getElementById('main')?.focus();
        }}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          aria-label={closeLabel}
          className="absolute top-2 right-2 inline-flex size-11 cursor-pointer sm:top-3 sm:right-3 sm:size-9 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X className="size-4" aria-hidden />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function Title({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn('font-semibold text-lg leading-tight tracking-tight', className)}
      {...props}
    />
  );
}

export function Description({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-muted-foreground text-sm', className)} {...props} />
  );
}
