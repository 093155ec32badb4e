/**
 * Display name: the name if present, otherwise the part of the email before the @
 * (docs/product.md#signed-in-chrome).
 */
export function displayName(user: { name?: string | null; email: string }): string {
  const name = user.name?.trim();
  if (name) return name;
  return user.email.split('@')[0] ?? user.email;
}

/**
 * First letter of each word of the display name, uppercased, at most 2
 * (docs/product.md#signed-in-chrome).
 */
export function initials(user: { name?: string | null; email: string }): string {
  return displayName(user)
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .slice(0, 2)
    .join('');
}
