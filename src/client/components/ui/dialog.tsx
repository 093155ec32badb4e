import { Dialog as DialogPrimitive } from 'radix-ui';
import {
  type ComponentProps,
  createContext,
  type ReactNode,
  type RefObject,
  useContext,
  useLayoutEffect,
  useRef,
} from 'react';
import X from '~icons/lucide/x';
import { cn } from '../../lib/cn';
import { useBackCloses } from '../../lib/use-back-closes';

/**
 * The control that opened a dialog: a card's Edit button, a section's Add button, or, for an entry of
 * a menu (which is gone by the time the dialog closes), the button that opened the menu.
 */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"]');
  if (!menu) return active;
  const trigger = document.getElementById(menu.getAttribute('aria-labelledby') ?? '');
  return trigger ?? null;
}

const OpenerContext = createContext<RefObject<HTMLElement | null> | null>(null);

/**
 * A dialog root whose open state Back can close (lib/use-back-closes.ts), and which gives focus back
 * to what opened it when it closes, however it closes (docs/product.md#dialog-lifecycle). Our dialogs
 * are opened by state rather than by a Radix trigger, so Radix alone would leave focus on the page.
 */
export function Dialog({ open, onOpenChange, ...props }: ComponentProps<typeof DialogPrimitive.Root>) {
  useBackCloses(open ?? false, () => onOpenChange?.(false));
  const opener = useRef<HTMLElement | null>(null);
  // Read before the dialog moves focus inside itself (Radix does that in a later, passive effect).
  useLayoutEffect(() => {
    if (open) opener.current = openerOf(document.activeElement);
  }, [open]);
  return (
    <OpenerContext.Provider value={opener}>
      <DialogPrimitive.Root open={open} onOpenChange={onOpenChange} {...props} />
    </OpenerContext.Provider>
  );
}

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

export function DialogContent({
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

/** Focuses a field with the caret after its text, ready to go on typing (or any other element). */
export function focusAtEnd(element: HTMLElement): void {
  element.focus();
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    const end = element.value.length;
    element.setSelectionRange(end, end);
  }
}

export function DialogHeader({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('flex flex-col gap-1 pr-8', className)}>{children}</div>;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn('font-semibold text-lg leading-tight tracking-tight', className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-muted-foreground text-sm', className)} {...props} />
  );
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
