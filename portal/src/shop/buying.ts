// Buying from the shop, the rules that need no browser: which form field an API refusal belongs on, and what the
// buyer's return page says while a sale moves.
import type { EditionKind, SaleStatus, ShopSaleStatus } from '../../../libs/contracts/index.ts';
import type { AddressField } from '../../../libs/domain/index.ts';
import { apiFieldErrors } from '../components/FieldErrors.tsx';
import { emptyAddress, type AddressErrors } from '../components/addressFlow.ts';

/** A buy form's own fields (ids are `<prefix>-<field>`); the address fields are the AddressForm's. */
export type BuyField = 'email' | 'quantity' | 'level';

/**
 * The API's 400/422 `details` on a buy form: its own fields by id, and the address's (`shipping_address.city`) for the
 * AddressForm. Anything the form has no field for is left to the message above the button.
 */
export function buyFieldErrors(details: unknown, prefix: string): { fields: Partial<Record<string, string>>; address: AddressErrors } {
  const fields = apiFieldErrors(details, { email: `${prefix}-email`, quantity: `${prefix}-quantity`, shipping_level: `${prefix}-level` });
  const address: AddressErrors = apiFieldErrors(details, Object.fromEntries(Object.keys(emptyAddress()).map((field) => [`shipping_address.${field}`, field])) as Record<string, AddressField>);
  return { fields, address };
}

/** Where the buyer's sale is, as the return page tells it. */
export type SaleStage = 'paying' | 'delivering' | 'delivered' | 'printing' | 'shipped' | 'ended';

export function saleStage(sale: Pick<ShopSaleStatus, 'status' | 'edition'>): SaleStage {
  const status: SaleStatus = sale.status;
  if (status === 'cancelled' || status === 'expired') return 'ended';
  if (status === 'awaiting_payment') return 'paying';
  if (sale.edition === 'ebook') return status === 'delivered' ? 'delivered' : 'delivering';
  return status === 'shipped' || status === 'delivered' ? 'shipped' : 'printing';
}

/** How often the return page looks again: until the e-book is mailed or the copies are paid for (then mail takes over). */
export const SALE_POLL_MS = 1500;
/** After this long without a payment the page stops looking and says what happens next. */
export const SALE_POLL_LIMIT_MS = 3 * 60_000;

export const saleSettled = (sale: Pick<ShopSaleStatus, 'status' | 'edition'>): boolean => ['delivered', 'printing', 'shipped', 'ended'].includes(saleStage(sale));

export const editionName = (kind: EditionKind): string => (kind === 'ebook' ? 'e-book' : 'printed copies');
