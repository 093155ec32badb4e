import { cloneElement, type ReactElement, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

/**
 * Tooltips open after 700 ms; moving between triggers within 300 ms skips the delay
 * (docs/product.md#constants).
 */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/*
 * One tooltip for the whole app, not one per control (docs/decisions/010-first-load-weight.md): a
 * control names its hint in data attributes (tooltipProps, IconTooltip) and the single TooltipLayer
 * shows it for whatever the mouse rests on or the keyboard focuses. A list of two hundred cards with
 * three hinted buttons each had built six hundred tooltip components, two thirds of All Items' blocking
 * time on a mid-range phone. The hint is visual only: every hinted control has its name already.
 */

type Side = 'top' | 'bottom';

const TEXT = 'data-tooltip';
const SIDE = 'data-tooltip-side';

/** Attributes that give an element a tooltip. */
export function tooltipProps(text: string, side?: Side): Record<string, string> {
  return side ? { [TEXT]: text, [SIDE]: side } : { [TEXT]: text };
}

/**
 * Wraps an icon-only control so the tooltip text is also its accessible name: one string, so the
 * visible hint and what a screen reader announces can never disagree.
 */
export function IconTooltip({
  label,
  side,
  children,
}: {
  label: string;
  side?: Side;
  children: ReactElement;
}) {
  return cloneElement(children, { 'aria-label': label, ...tooltipProps(label, side) } as Record<
    string,
    string
  >);
}

type Shown = { text: string; x: number; y: number; side: Side };

/** Where the hint goes: centred on the control, above it unless there is no room, inside the window. */
function placeFor(target: Element, text: string): Shown {
  const box = target.getBoundingClientRect();
  const wanted = target.getAttribute(SIDE) === 'bottom' ? 'bottom' : 'top';
  const side: Side = wanted === 'top' && box.top < 40 ? 'bottom' : wanted;
  return { text, x: box.left + box.width / 2, y: side === 'top' ? box.top - 6 : box.bottom + 6, side };
}

function hintedElement(node: EventTarget | null): Element | null {
  return node instanceof Element ? node.closest(`[${TEXT}]`) : null;
}

/** The one tooltip: mount once, inside the app (app/providers.tsx). */
export function TooltipLayer() {
  const [shown, setShown] = useState<Shown | null>(null);
  const bubble = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The control the pointer or focus is on, and whether its hint shows yet.
    let target: Element | null = null;
    let open = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let closedAt = Number.NEGATIVE_INFINITY;
    const show = (element: Element, delay: number) => {
      clearTimeout(timer);
      target = element;
      const reveal = () => {
        const text = element.getAttribute(TEXT);
        if (!text || !element.isConnected) return;
        open = true;
        setShown(placeFor(element, text));
      };
      if (delay <= 0) reveal();
      else timer = setTimeout(reveal, delay);
    };
    const hide = () => {
      clearTimeout(timer);
      if (open) closedAt = Date.now();
      open = false;
      target = null;
      setShown(null);
    };
    const onPointerOver = (event: PointerEvent) => {
      // Touch has no hover: a long press belongs to dragging, not to hints.
      if (event.pointerType !== 'mouse') return;
      const element = hintedElement(event.target);
      if (element === target) return;
      if (!element) return hide();
      // Moving on from a shown hint, or within moments of one closing, skips the delay.
      const skipDelay = open || Date.now() - closedAt < TOOLTIP_SKIP_DELAY_MS;
      show(element, skipDelay ? 0 : TOOLTIP_DELAY_MS);
    };
    const onPointerOut = (event: PointerEvent) => {
      if (target && !(event.relatedTarget instanceof Node && target.contains(event.relatedTarget))) hide();
    };
    const onFocusIn = (event: FocusEvent) => {
      const element = hintedElement(event.target);
      // Focus from the keyboard shows the hint at once; a click's focus does not.
      if (element && element === event.target && element.matches(':focus-visible')) show(element, 0);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    const listeners: Array<[string, EventListener]> = [
      ['pointerover', onPointerOver as EventListener],
      ['pointerout', onPointerOut as EventListener],
      ['focusin', onFocusIn as EventListener],
      ['focusout', hide],
      ['pointerdown', hide],
      ['keydown', onKeyDown as EventListener],
      ['scroll', hide],
    ];
    for (const [type, listener] of listeners) document.addEventListener(type, listener, true);
    return () => {
      clearTimeout(timer);
      for (const [type, listener] of listeners) document.removeEventListener(type, listener, true);
    };
  }, []);

  // Kept inside the window once its size is known.
  useEffect(() => {
    const element = bubble.current;
    if (!shown || !element) return;
    const width = element.offsetWidth;
    const left = Math.min(Math.max(8, shown.x - width / 2), window.innerWidth - width - 8);
    element.style.left = `${left}px`;
    element.style.visibility = 'visible';
  }, [shown]);

  if (!shown) return null;
  return createPortal(
    <div
      ref={bubble}
      role="tooltip"
      // Visual only: every hinted control carries the words in its name already, so the bubble is not
      // read a second time, and it stays out of the landmarks' count (axe's `region` rule).
      aria-hidden="true"
      className="pointer-events-none fixed z-50 max-w-64 rounded-md bg-foreground px-2.5 py-1.5 text-background text-xs shadow-md"
      style={{
        visibility: 'hidden',
        left: shown.x,
        top: shown.y,
        transform: shown.side === 'top' ? 'translateY(-100%)' : undefined,
      }}
    >
      {shown.text}
    </div>,
    document.body,
  );
}
