/*
 * How a card shows a task's labels (docs/product.md#cards, docs/decisions/051-labels.md): muted
 * "@errands @calls" after the other marks, on one line cut with an ellipsis, so a long list never
 * widens a card at 320 px; the item dialog shows them whole. Each label is isolated (<bdi>), so an
 * Arabic label reads right to left without moving its neighbours, while the "@" stays the app's mark.
 */

/** What the card's accessible name adds: "labels errands, calls"; nothing for none. */
export function labelsSpoken(labels: readonly string[]): string | undefined {
  if (labels.length === 0) return undefined;
  return `${labels.length === 1 ? 'label' : 'labels'} ${labels.join(', ')}`;
}

export function LabelsMark({ labels }: { labels: readonly string[] }) {
  if (labels.length === 0) return null;
  return (
    <span aria-hidden className="min-w-0 max-w-full truncate text-muted-foreground text-xs">
      {labels.map((label, index) => (
        <span key={label}>
          {index > 0 && ' '}@<bdi>{label}</bdi>
        </span>
      ))}
    </span>
  );
}
