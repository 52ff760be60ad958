/**
 * An address as stored: trimmed, its domain lower-cased. The local part keeps
 * its case: RFC 5321 lets a mailbox tell `Ann` from `ann`, though few do.
 */
export function normalizeEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  return at < 0 ? trimmed : `${trimmed.slice(0, at)}@${trimmed.slice(at + 1).toLowerCase()}`;
}

/** An address shown to whoever holds a link: the first character of the mailbox and the domain, e.g. "j•••@example.com". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/** A mail address anywhere in a text (an SMTP reply quoted in an error, a log line). */
const ADDRESS_IN_TEXT = /[\w.!#$%&'*+/=?^`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/** The text with every address in it replaced by `[address]`. */
export const withoutAddresses = (text: string) => (text.includes('@') ? text.replace(ADDRESS_IN_TEXT, '[address]') : text);
