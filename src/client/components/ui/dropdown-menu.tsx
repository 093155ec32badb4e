import type { DropdownMenu as MenuPrimitive } from 'radix-ui';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { chunkOnce } from '../../lib/chunk-once';
import { notifyError } from '../../lib/notify-error';
import { tooltipProps } from './tooltip';

/*
 * Menus behind an icon button. Radix's menu is loaded once the first screen is drawn, or when a menu
 * is first asked for (docs/decisions/010-first-load-weight.md, "Menus, dialogs and toasts loaded on
 * demand"); its parts live in ./dropdown-menu-parts, and the parts below draw them once loaded.
 */

const menuParts = chunkOnce(() => import('./dropdown-menu-parts'));
type Parts = NonNullable<ReturnType<typeof menuParts.loaded>>;

/** Loads the menus' Radix parts once; a load that failed is tried again at the next ask. */
export const loadMenuParts = menuParts.load;

/** The loaded parts: the parts below are drawn only inside a menu DropdownMenuOnDemand has built. */
function built(): Parts {
  const parts = menuParts.loaded();
  if (!parts) throw new Error('A menu part was drawn outside a built menu: use DropdownMenuOnDemand.');
  return parts;
}

export function DropdownMenuContent(props: MenuPrimitive.DropdownMenuContentProps) {
  const { Content } = built();
  return <Content {...props} />;
}

export function DropdownMenuItem(
  props: MenuPrimitive.DropdownMenuItemProps & { variant?: 'default' | 'destructive' },
) {
  const { Item } = built();
  return <Item {...props} />;
}

export function DropdownMenuLabel(props: MenuPrimitive.DropdownMenuLabelProps) {
  const { Label } = built();
  return <Label {...props} />;
}

export function DropdownMenuSeparator(props: MenuPrimitive.DropdownMenuSeparatorProps) {
  const { Separator } = built();
  return <Separator {...props} />;
}

/** The keys that open a menu from its button, as Radix's trigger reads them. */
const OPENING_KEYS = ['Enter', ' ', 'ArrowDown'];

/**
 * A menu behind an icon button whose Radix parts are built only when it is first asked for
 * (docs/decisions/010-first-load-weight.md, "Cards drawn once" and "Menus, dialogs and toasts loaded
 * on demand"). Until then the button is a plain one that looks and is named the same; pointing at it
 * or focusing it loads the parts if they are not yet, and the press or key that asks swaps in Radix's
 * menu once loaded: a press mounts it open, a key is given again to Radix's own button, so the
 * keyboard gets exactly Radix's behaviour (the first item focused). A list of thirty cards built
 * thirty menus on the first paint, half of each card's components, for menus that are seldom opened.
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
  const ask = (how: string) => {
    loadMenuParts().then(
      () => setAsked(how),
      (error: unknown) => notifyError('Could not open the menu', error),
    );
  };
  const warm = () => {
    loadMenuParts().catch(() => {
      // Asking for the menu loads it again and says so if it fails.
    });
  };
  const parts = menuParts.loaded();
  if (asked === null || !parts) {
    return (
      <button
        type="button"
        className={className}
        aria-label={label}
        {...tooltipProps(hint)}
        aria-haspopup="menu"
        aria-expanded={false}
        data-state="closed"
        onPointerEnter={warm}
        onFocus={warm}
        onPointerDown={(event) => {
          // As Radix's trigger: the main button without Ctrl opens, and the button keeps no focus.
          if (event.button !== 0 || event.ctrlKey) return;
          event.preventDefault();
          ask('press');
        }}
        onKeyDown={(event) => {
          if (!OPENING_KEYS.includes(event.key)) return;
          event.preventDefault();
          ask(event.key);
        }}
      >
        {icon}
      </button>
    );
  }
  return (
    <parts.BuiltMenu
      open={asked === 'press'}
      triggerRef={trigger}
      className={className}
      label={label}
      hint={hint}
      icon={icon}
    >
      {children()}
    </parts.BuiltMenu>
  );
}
