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
