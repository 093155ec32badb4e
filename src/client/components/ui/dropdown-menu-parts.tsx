import { DropdownMenu as MenuPrimitive } from 'radix-ui';
import type { ReactNode, Ref } from 'react';
import { cn } from '../../lib/cn';
import { tooltipProps } from './tooltip';

/*
 * Radix's menu and the parts drawn from it, loaded when a menu is first asked for
 * (components/ui/dropdown-menu.tsx, docs/decisions/010-first-load-weight.md): Radix's menu, its
 * positioning (floating-ui) and its focus handling are no part of a screen's first load.
 */

/**
 * Where an open menu is put: inside the main landmark, so that everything on the page stays inside a
 * landmark while a menu is open (axe's `region` rule, docs/decisions/007-browser-tests.md). Radix
 * places it with fixed positioning, which the main area, having no transform or filter, leaves
 * relative to the window; the document's body where there is no main area.
 */
function menuContainer(): HTMLElement | undefined {
  return document.getElementById('main') ?? undefined;
}

/** The built menu: Radix's button, named and hinted as the plain one it replaces, and the content. */
export function BuiltMenu({
  open,
  triggerRef,
  className,
  label,
  hint,
  icon,
  children,
}: {
  open: boolean;
  triggerRef: Ref<HTMLButtonElement>;
  className?: string;
  label: string;
  hint: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <MenuPrimitive.Root modal={false} defaultOpen={open}>
      <MenuPrimitive.Trigger
        ref={triggerRef}
        className={className}
        aria-label={label}
        {...tooltipProps(hint)}
      >
        {icon}
      </MenuPrimitive.Trigger>
      {children}
    </MenuPrimitive.Root>
  );
}

export function Content({
  className,
  sideOffset = 6,
  align = 'end',
  ...props
}: MenuPrimitive.DropdownMenuContentProps) {
  return (
    <MenuPrimitive.Portal container={menuContainer()}>
      <MenuPrimitive.Content
        sideOffset={sideOffset}
        align={align}
        className={cn(
          'z-50 min-w-32 overflow-hidden rounded-xl border border-border bg-popover p-1 text-popover-foreground shadow-lg',
          className,
        )}
        {...props}
      />
    </MenuPrimitive.Portal>
  );
}

const itemClasses =
  'relative flex min-h-11 cursor-pointer select-none items-center gap-2 rounded-lg px-2.5 text-sm outline-none transition-colors focus:bg-muted data-disabled:pointer-events-none data-disabled:opacity-50 sm:min-h-9 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground';

export function Item({
  className,
  variant = 'default',
  ...props
}: MenuPrimitive.DropdownMenuItemProps & { variant?: 'default' | 'destructive' }) {
  return (
    <MenuPrimitive.Item
      className={cn(
        itemClasses,
        variant === 'destructive' && 'text-destructive focus:text-destructive [&_svg]:text-destructive',
        className,
      )}
      {...props}
    />
  );
}

export function Label({ className, ...props }: MenuPrimitive.DropdownMenuLabelProps) {
  return <MenuPrimitive.Label className={cn('px-2.5 py-2 text-sm', className)} {...props} />;
}

export function Separator({ className, ...props }: MenuPrimitive.DropdownMenuSeparatorProps) {
  return <MenuPrimitive.Separator className={cn('-mx-1 my-1 h-px bg-border', className)} {...props} />;
}
