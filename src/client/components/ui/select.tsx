import type { ComponentProps } from 'react';
import ChevronDown from '~icons/lucide/chevron-down';
import { cn } from '../../lib/cn';
import { fieldClasses } from './input';

/**
 * A styled native <select>. Phones open their own picker (large targets, no clipping inside a
 * dialog that is already scrolled), and keyboard and screen-reader behaviour come from the browser.
 */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select
        className={cn(
          fieldClasses,
          'min-h-11 cursor-pointer appearance-none py-2 pr-9 sm:min-h-10',
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
    </div>
  );
}
