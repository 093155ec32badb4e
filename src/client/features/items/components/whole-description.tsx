import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';

/**
 * The whole description of the one item Execution Mode shows (docs/product.md#execution-mode): every
 * line, wrapped, each paragraph in its own writing direction; past eight lines it is cut with "Show
 * all", so a long one does not push the item's controls and Previous/Next off the screen. Keyed by its
 * text where it is drawn, so another item's description (Execution Mode moved on) starts cut again.
 */
export function WholeDescription({ text }: { text: string }) {
  const id = useId();
  const ref = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  const [cut, setCut] = useState(false);
  // Measured once laid out, and again as the width changes (a turned phone): only the browser knows
  // how many lines the text wraps to.
  useEffect(() => {
    const node = ref.current;
    if (!node || open) return;
    const measure = () => setCut(node.scrollHeight > node.clientHeight + 1);
    const sizes = new ResizeObserver(measure);
    sizes.observe(node);
    return () => sizes.disconnect();
  }, [open]);
  return (
    <>
      <span
        id={id}
        ref={ref}
        dir="auto"
        className={cn(
          'whitespace-pre-line text-start text-muted-foreground text-sm leading-snug [overflow-wrap:anywhere] [unicode-bidi:plaintext]',
          !open && 'line-clamp-8',
        )}
      >
        {text}
      </span>
      {(cut || open) && (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
          className="self-start rounded-sm font-medium text-primary text-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {open ? 'Show less' : 'Show all'}
        </button>
      )}
    </>
  );
}
