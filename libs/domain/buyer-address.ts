/**
 * Where a buyer's own mail goes (the confirmation of what they wrote, the request it opens): the address the payment
 * was made with, else the account's once confirmed. Never an address typed in a form, which anyone may fill in with
 * someone else's; null when there is no such address.
 */
export function buyerAddress(paymentEmail: string | null | undefined, account: { email?: string | null; emailVerified: boolean } | null | undefined): string | null {
  const paid = paymentEmail?.trim();
  if (paid) return paid;
  const own = account?.emailVerified ? account.email?.trim() : undefined;
  return own || null;
}
