import { describe, expect, it } from 'vitest';
import { DEMO_EMAIL, deriveNameFromEmail, devIdentityFor, isPlausibleEmail } from './dev-identity';

describe('deriveNameFromEmail', () => {
  it.each([
    ['ada.lovelace@example.com', 'Ada Lovelace', 'Ada'],
    ['grace@example.com', 'Grace', 'Grace'],
    ['alan_turing@example.com', 'Alan Turing', 'Alan'],
    ['mary-jane.watson@example.com', 'Mary Jane Watson', 'Mary'],
    ['ada.lovelace+work@example.com', 'Ada Lovelace', 'Ada'],
    ['tester42@example.com', 'Tester42', 'Tester42'],
    ['a..b@example.com', 'A B', 'A'],
    ['émile.zola@example.fr', 'Émile Zola', 'Émile'],
    ['...@example.com', '...', '...'],
  ])('%s -> %s (first name %s)', (email, name, firstName) => {
    expect(deriveNameFromEmail(email)).toEqual({ name, firstName });
  });
});

describe('devIdentityFor', () => {
  it('signs the default address in as "Demo User"', () => {
    expect(devIdentityFor(DEMO_EMAIL)).toMatchObject({
      email: 'demo@stride.local',
      name: 'Demo User',
      givenName: 'Demo',
    });
  });

  it('keeps the same sub for the same address whatever its case or spacing', () => {
    const a = devIdentityFor('Ada.Lovelace@Example.com');
    const b = devIdentityFor('  ada.lovelace@example.com ');
    expect(a.sub).toBe(b.sub);
    expect(a.email).toBe('ada.lovelace@example.com');
    expect(a.name).toBe('Ada Lovelace');
  });

  it('gives different addresses different subs', () => {
    expect(devIdentityFor('ada@example.com').sub).not.toBe(devIdentityFor('grace@example.com').sub);
  });
});

describe('isPlausibleEmail', () => {
  it.each([
    ['ada@example.com', true],
    ['demo@stride.local', true],
    ['ada', false],
    ['ada@', false],
    ['a da@example.com', false],
    [`${'a'.repeat(250)}@x.io`, false],
  ])('%s -> %s', (value, expected) => {
    expect(isPlausibleEmail(value)).toBe(expected);
  });
});
