import { Link } from 'wouter';

export const PRODUCT_NAME = 'Stride';

/** The product mark: a rising check, echoing public/favicon.svg (and the icons drawn from it). */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M9 20.5l5-5 3.5 3.5L23 12"
        fill="none"
        className="stroke-primary-foreground"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function BrandLink() {
  return (
    <Link
      href="/"
      className="-ml-2 inline-flex min-h-11 items-center gap-2 rounded-lg px-2 font-semibold text-lg tracking-tight"
    >
      <BrandMark className="size-7" />
      {PRODUCT_NAME}
    </Link>
  );
}
