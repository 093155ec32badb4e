import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

const WIDTHS = { list: 'max-w-3xl', narrow: 'max-w-xl', form: 'max-w-2xl' } as const;

/**
 * The frame of a signed-in screen: one page margin (16 px) and one top spacing on every screen, so
 * moving between Today, All Items and the settings never shifts the content sideways
 * (docs/decisions/020-density.md).
 */
export function Screen({
  width = 'list',
  className,
  children,
}: {
  width?: keyof typeof WIDTHS;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      className={cn(
        'mx-auto flex w-full flex-col gap-2.5 px-4 py-4 sm:gap-4 sm:py-6',
        WIDTHS[width],
        className,
      )}
    >
      {children}
    </section>
  );
}
