import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** Shared look of text fields; 16px text on phones so iOS does not zoom into the field. */
export const fieldClasses =
  'w-full rounded-lg border border-input bg-background px-3 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/40 sm:text-sm';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input type={type} className={cn(fieldClasses, 'min-h-11 py-2 sm:min-h-10', className)} {...props} />
  );
}
