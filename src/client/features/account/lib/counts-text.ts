/** "1 goal", "3 tasks": a count with its noun, for the sentences of the account data cards. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}

/** "a, b and c"; the empty list reads "nothing". */
export function listOf(parts: readonly string[]): string {
  if (parts.length === 0) return 'nothing';
  if (parts.length === 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}
