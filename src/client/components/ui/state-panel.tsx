import type { ReactNode } from 'react';

/**
 * A screen's whole-list state in one dashed panel: nothing here yet, nothing matching the filters, or
 * a list that could not be fetched (docs/product.md#today-screen, docs/product.md#all-items-screen).
 */
export function StatePanel({
  icon,
  title,
  description,
  action,
  role,
}: {
  icon: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
  role?: 'alert';
}) {
  return (
    <div
      role={role}
      className="flex flex-col items-center gap-3 rounded-2xl border border-border border-dashed bg-card/60 px-6 py-12 text-center"
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground [&_svg]:size-6">
        {icon}
      </div>
      <h2 className="font-semibold text-lg">{title}</h2>
      {description && <p className="max-w-xs text-muted-foreground text-sm">{description}</p>}
      {action}
    </div>
  );
}
