import { createHash } from 'node:crypto';

/** Who the development issuer signs in when no `login_hint` is given. */
export const DEMO_EMAIL = 'demo@stride.local';
const DEMO_NAME = 'Demo User';

export type DevIdentity = {
  sub: string;
  email: string;
  name: string;
  givenName: string;
};

/** Deliberately loose: the issuer only needs to refuse hints that are plainly not addresses. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;
const EMAIL_MAX = 254;

export function isPlausibleEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}

/**
 * A readable name from an address, so several development users are told apart on screen:
 * "ada.lovelace+work@example.com" -> "Ada Lovelace". Falls back to the local part as written when it
 * holds no letters or digits to build words from.
 */
export function deriveNameFromEmail(email: string): { name: string; firstName: string } {
  const at = email.lastIndexOf('@');
  const local = at === -1 ? email : email.slice(0, at);
  const withoutTag = local.split('+')[0] ?? '';
  const words = withoutTag
    .split(/[._\-\s]+/)
    .filter((word) => word !== '')
    .map(capitalize);
  const [first] = words;
  if (first === undefined) {
    const fallback = local === '' ? email : local;
    return { name: fallback, firstName: fallback };
  }
  return { name: words.join(' '), firstName: first };
}

/**
 * The identity for an address. `sub` is a hash of the normalised address so the same person keeps the
 * same account across issuer restarts (users are keyed by `sub`, and the database outlives the issuer).
 */
export function devIdentityFor(rawEmail: string): DevIdentity {
  const email = rawEmail.trim().toLowerCase();
  const sub = `dev-${createHash('sha256').update(email).digest('hex').slice(0, 32)}`;
  if (email === DEMO_EMAIL) {
    return { sub, email, name: DEMO_NAME, givenName: DEMO_NAME.split(' ')[0] ?? DEMO_NAME };
  }
  const { name, firstName } = deriveNameFromEmail(email);
  return { sub, email, name, givenName: firstName };
}

function capitalize(word: string): string {
  // Array.from keeps a leading astral character (emoji, some scripts) in one piece.
  const [head = '', ...rest] = Array.from(word);
  return head.toUpperCase() + rest.join('');
}
