import { DropdownMenu as MenuPrimitive } from 'radix-ui';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { tooltipProps } from './tooltip';

export const DropdownMenu = MenuPrimitive.Root;
export const DropdownMenuTrigger = MenuPrimitive.Trigger;

/**
 * Where an open menu is put: inside the main landmark, so that everything on the page stays inside a
 * landmark while a menu is open (axe's `region` rule, docs/decisions/007-browser-tests.md). Radix
 * places it with fixed positioning, which the main area, having no transform or filter, leaves
 * relative to the window; the document's body where there is no main area.
 */
function menuContainer(): HTMLElement | undefined {
  return document.getElementById('main') ?? undefined;
}

export function DropdownMenuContent({
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

export function DropdownMenuItem({
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

export function DropdownMenuLabel({ className, ...props }: MenuPrimitive.DropdownMenuLabelProps) {
  return <MenuPrimitive.Label className={cn('px-2.5 py-2 text-sm', className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: MenuPrimitive.DropdownMenuSeparatorProps) {
  return <MenuPrimitive.Separator className={cn('-mx-1 my-1 h-px bg-border', className)} {...props} />;
}

/** The keys that open a menu from its button, as Radix's trigger reads them. */
const OPENING_KEYS = ['Enter', ' ', 'ArrowDown'];

/**
 * A menu behind an icon button whose Radix parts are built only when it is first asked for
 * (docs/decisions/010-first-load-weight.md, "Cards drawn once"). Until then the button is a plain one
 * that looks and is named the same; the press or key that asks swaps in Radix's menu: a press mounts it
 * open, a key is given again to Radix's own button, so the keyboard gets exactly Radix's behaviour
 * (the first item focused). A list of thirty cards built thirty menus on the first paint, half of each
 * card's components, for menus that are seldom opened.
 */
export function DropdownMenuOnDemand({
  label,
  hint = label,
  className,
  icon,
  children,
}: {
  /** The button's accessible name, also its tooltip unless `hint` says otherwise. */
  label: string;
  /**
   * The tooltip, when the name says more than the hint should (the account menu is named with the
   * initials it shows, WCAG 2.5.3, and hinted "Account menu").
   */
  hint?: string;
  className?: string;
  icon: ReactNode;
  /** The menu's content (a DropdownMenuContent), rendered once the menu is built. */
  children: () => ReactNode;
}) {
  // null: not asked for yet; 'press', or the key that asked.
  const [asked, setAsked] = useState<string | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const button = trigger.current;
    if (asked === null || asked === 'press' || !button) return;
    button.focus();
    button.dispatchEvent(new KeyboardEvent('keydown', { key: asked, bubbles: true, cancelable: true }));
  }, [asked]);
  if (asked === null) {
    return (
      <button
        type="button"
        className={className}
        aria-label={label}
        {...tooltipProps(hint)}
        aria-haspopup="menu"
        aria-expanded={false}
        data-state="closed"
        onPointerDown={(event) => {
          // As Radix's trigger: the main button without Ctrl opens, and the button keeps no focus.
          if (event.button !== 0 || event.ctrlKey) return;
          event.preventDefault();
          setAsked('press');
        }}
        onKeyDown={(event) => {
          if (!OPENING_KEYS.includes(event.key)) return;
          event.preventDefault();
          setAsked(event.key);
        }}
      >
        {icon}
      </button>
    );
  }
  return (
    <MenuPrimitive.Root modal={false} defaultOpen={asked === 'press'}>
      <MenuPrimitive.Trigger ref={trigger} className={className} aria-label={label} {...tooltipProps(hint)}>
        {icon}
      </MenuPrimitive.Trigger>
      {children()}
    </MenuPrimitive.Root>
  );
}
