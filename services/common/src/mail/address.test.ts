import { describe, expect, it } from 'vitest';
import { maskEmail, normalizeEmail, withoutAddresses } from './address';

describe('addresses', () => {
  it('trims and lower-cases the domain only', () => {
    expect(normalizeEmail('  Jane.Doe@Example.COM \n')).toBe('Jane.Doe@example.com');
    expect(normalizeEmail('"a@b"@Example.com')).toBe('"a@b"@example.com');
  });

  it('masks all but the first character of the mailbox', () => {
    expect(maskEmail('jane@example.com')).toBe('j•••@example.com');
    expect(maskEmail('j@example.com')).toBe('j•••@example.com');
  });

  it('replaces every address in a text', () => {
    expect(withoutAddresses('550 <a.b+c@mail.example.co.uk> and x@y.io: no such user; pkg@1.2.3 stays')).toBe(
      '550 <[address]> and [address]: no such user; pkg@1.2.3 stays',
    );
  });
});
