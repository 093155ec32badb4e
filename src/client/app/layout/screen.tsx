import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A list takes the room a desktop gives, beside the side bar: rows of about 900 px at 1280 px. */
const WIDTHS = { list: 'max-w-3xl lg:max-w-4xl', narrow: 'max-w-xl', form: 'max-w-2xl' } as const;

/**
 * The frame of a signed-in screen: one page margin (16 px, 32 px from lg) and one top spacing on every
 * screen, so moving between Today, All Items and the settings never shifts the content sideways
 * (docs/decisions/020-density.md, docs/product.md#signed-in-chrome).
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
        'mx-auto flex w-full flex-col gap-2.5 px-4 py-4 sm:gap-4 sm:py-6 lg:px-8',
        WIDTHS[width],
        className,
      )}
    >
      {children}
    </section>
  );
}
