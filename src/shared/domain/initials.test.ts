import { describe, expect, it } from 'vitest';
import { displayName, initials } from './initials';

describe('avatar initials (docs/product.md#signed-in-chrome)', () => {
  it.each([
    [{ name: 'Ada Lovelace', email: 'ada@example.com' }, 'Ada Lovelace', 'AL'],
    [{ name: 'ada', email: 'ada@example.com' }, 'ada', 'A'],
    // At most two letters, from the first words.
    [{ name: 'Jean Luc Picard', email: 'jl@example.com' }, 'Jean Luc Picard', 'JL'],
    // Runs of spaces are one separator.
    [{ name: '  grace   hopper ', email: 'g@example.com' }, 'grace   hopper', 'GH'],
    // No name (missing, null or blank): the part of the email before the @.
    [{ email: 'linus.torvalds@example.com' }, 'linus.torvalds', 'L'],
    [{ name: null, email: 'mj@example.com' }, 'mj', 'M'],
    [{ name: '   ', email: 'zed@example.com' }, 'zed', 'Z'],
  ])('%o is shown as %s with %s', (user, shown, letters) => {
    expect(displayName(user)).toBe(shown);
    expect(initials(user)).toBe(letters);
  });
});
