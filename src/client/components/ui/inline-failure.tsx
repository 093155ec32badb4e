import CircleAlert from '~icons/lucide/circle-alert';

/**
 * What went wrong with a dialog's own action, shown inside the dialog beside its buttons: a toast at
 * the top of a phone would cover the dialog's title and close button (docs/product.md#toasts).
 */
export function InlineFailure({ title, text }: { title: string; text: string }) {
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <div className="min-w-0">
        <p className="font-semibold">{title}</p>
        <p className="break-words">{text}</p>
      </div>
    </div>
  );
}
