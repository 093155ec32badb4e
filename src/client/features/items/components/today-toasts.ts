/** SPEC §8 "Added to Today" with a count. */
export function addedToTodayToast(count: number) {
  return {
    title: 'Added to Today',
    description: `${count} ${count === 1 ? 'item' : 'items'} added to your today list.`,
  };
}

/** SPEC §8 "Removed from Today". */
export function removedFromTodayToast(title: string) {
  return { title: 'Removed from Today', description: `"${title}" is no longer on your today list.` };
}
