import { type ReactNode, useId, useState } from 'react';
import ChevronRight from '~icons/lucide/chevron-right';
import { cn } from '../../../lib/cn';
import { goalColorClasses } from '../lib/goal-colors';

export type SectionShellProps = {
  title: string;
  description?: string | null;
  /** Palette colour of the section's icon tile. */
  color: string;
  icon: ReactNode;
  count: number;
  /** Small labels after the title, e.g. "Habit goal" or "Archived". */
  badges?: ReactNode;
  actions?: ReactNode;
  muted?: boolean;
  children: ReactNode;
};

/**
 * A collapsible All Items section (docs/product.md#all-items-screen). The heading holds the disclosure
 * button, the usual accordion pattern, so screen-reader users can jump between sections by heading.
 */
export function SectionShell({
  title,
  description,
  color,
  icon,
  count,
  badges,
  actions,
  muted,
  children,
}: SectionShellProps) {
  const [open, setOpen] = useState(true);
  const contentId = useId();
  const colors = goalColorClasses(color);
  return (
    <section
      aria-label={title}
      className={cn('rounded-2xl border border-border bg-card/70 shadow-xs', muted && 'opacity-80')}
    >
      <div className="flex items-center gap-1 py-0.5 ps-1 pe-1">
        <h2 className="min-w-0 flex-1">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={contentId}
            onClick={() => setOpen((value) => !value)}
            className="flex min-h-11 w-full cursor-pointer items-center gap-2 rounded-lg px-1.5 text-start hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <ChevronRight
              className={cn(
                'size-4 shrink-0 text-muted-foreground transition-transform',
                open && 'rotate-90',
              )}
              aria-hidden
            />
            <span
              aria-hidden
              className={cn(
                'inline-flex size-7 shrink-0 items-center justify-center rounded-lg border [&_svg]:size-4',
                colors.background,
                colors.border,
                colors.accent,
              )}
            >
              {icon}
            </span>
            <span
              dir="auto"
              className="line-clamp-2 min-w-0 break-words font-semibold text-[15px] leading-tight tracking-tight"
            >
              {title}
            </span>
          </button>
        </h2>
        {badges}
        <span className="hidden min-w-6 shrink-0 rounded-full bg-muted px-2 py-0.5 text-center sm:inline font-medium text-muted-foreground text-xs tabular-nums">
          {count}
          <span className="sr-only"> {count === 1 ? 'item' : 'items'}</span>
        </span>
        {actions}
      </div>
      {description && open && (
        <p
          dir="auto"
          className="-mt-1.5 ps-[4.25rem] pe-4 pb-1 text-muted-foreground text-[13px] leading-snug"
        >
          {description}
        </p>
      )}
      <div id={contentId} hidden={!open} className="border-border/60 border-t px-1 pb-1">
        {children}
      </div>
    </section>
  );
}

/** The empty state inside a section: a line of text and, when given, an action. */
export function SectionEmpty({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-border border-dashed px-4 py-6 text-center">
      <p className="text-muted-foreground text-sm">{text}</p>
      {action}
    </div>
  );
}
