/** Google's mail domains, where dots in the local part are ignored (ann.lee@ and annlee@ are one mailbox). */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox a receipt address reaches, as receipts are counted against RECEIPT_LIMITS.perAddressPerHour:
 * `ann+1@`, `ann+2@` and `ann@` are one mailbox at most providers (Gmail, Outlook, iCloud, Fastmail,
 * Proton), so counting each spelling apart let one form send a person any number of receipts. The part
 * after the first '+' is dropped at every domain (at a provider without subaddressing that counts two
 * people as one, which can only hold a receipt back, never send one more), and at Gmail the dots too.
 * `address` is as receiptAddress answers it: one address, in lower case.
 */
export function receiptMailbox(address: string): string {
  const at = address.lastIndexOf('@');
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}
