import { describe, expect, it } from 'vitest';
import { maskEmail, normalizeEmail } from './address';

describe('addresses', () => {
  it('trims and lower-cases the domain only', () => {
    expect(normalizeEmail('  Jane.Doe@Example.COM \n')).toBe('Jane.Doe@example.com');
    expect(normalizeEmail('"a@b"@Example.com')).toBe('"a@b"@example.com');
  });

  it('masks all but the first character of the mailbox', () => {
    expect(maskEmail('jane@example.com')).toBe('j•••@example.com');
    expect(maskEmail('j@example.com')).toBe('j•••@example.com');
  });
});
