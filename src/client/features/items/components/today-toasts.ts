/** "Added to Today" with a count (docs/product.md#toasts). */
export function addedToTodayToast(count: number) {
  return {
    title: 'Added to Today',
    description: `${count} ${count === 1 ? 'item' : 'items'} added to your today list.`,
  };
}

/** "Removed from Today" (docs/product.md#toasts). */
export function removedFromTodayToast(title: string) {
  return { title: 'Removed from Today', description: `"${title}" is no longer on your today list.` };
}
