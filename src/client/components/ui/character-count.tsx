import { cn } from '../../lib/cn';

/** Shown from this share of a limit on, so the limit is seen before it is hit, not learnt by failing. */
const SHOW_FROM = 0.8;

/** Whether the count is shown, for the field's aria-describedby. */
export function nearLimit(length: number, max: number): boolean {
  return length >= max * SHOW_FROM;
}

/**
 * "1,650 / 2,000" under a text field near its limit (docs/product.md#form-rules); red once past it, when
 * the form also refuses to send. Link it to the field with aria-describedby.
 */
export function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  if (!nearLimit(length, max)) return null;
  const over = length > max;
  return (
    <p
      id={id}
      className={cn(
        'text-end text-xs tabular-nums',
        over ? 'font-medium text-destructive' : 'text-muted-foreground',
      )}
    >
      {length.toLocaleString('en')} / {max.toLocaleString('en')}
      <span className="sr-only"> characters{over ? ', over the limit' : ''}</span>
    </p>
  );
}
