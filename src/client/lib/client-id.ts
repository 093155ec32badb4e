/**
 * A v4 UUID for a new item, made in the browser so that sending the same create twice (a retry after
 * a lost answer) makes one item, not two (docs/product.md#input-limits). crypto.randomUUID exists only
 * on https and localhost; getRandomValues also on a LAN address.
 */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * This tab's name on its writes (TAB_HEADER), so that the live-update stream can tell it its own changes
 * and it does not fetch them twice (lib/live-updates.ts). Here rather than with the live updates: every
 * call carries it (lib/request-init.ts), from the app's first module on.
 */
export const TAB_ID = newId();

/**
 * Gives a create its id once: the same input object is what a retry sends again, so the id it
 * carries from the first attempt makes the retry answer the item already made.
 */
export function withClientId<T extends { id?: string | undefined }>(input: T): T & { id: string } {
  input.id ??= newId();
  return input as T & { id: string };
}
