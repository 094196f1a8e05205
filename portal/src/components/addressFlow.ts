// The address forms' rules that need no browser (the print wizard's step, the Elite approval, the shop's copies,
// corrections): edits, the address as sent, the shared rule's messages and the API's, and the wizard's review. Kept
// apart from printFlow.ts because the rule carries the postal and phone metadata, which only these forms load.
import {
  addressProblems,
  DEFAULT_COUNTRY,
  PrintMessages,
  type AddressField,
  type PrintProduct,
  type ShippingAddress,
  type ShippingLevel,
} from '../../../libs/domain/index.ts';
import { apiFieldErrors } from './FieldErrors.tsx';

export const emptyAddress = (): ShippingAddress => ({ name: '', address_line1: '', address_line2: '', city: '', state: '', postcode: '', country: DEFAULT_COUNTRY, phone: '' });
export type AddressErrors = Partial<Record<AddressField, string>>;

/** One field typed in: its message goes; a new country empties the state (and the state's message) too. */
export function editAddress(address: ShippingAddress, errors: AddressErrors, field: AddressField, value: string): { address: ShippingAddress; errors: AddressErrors } {
  const next = { ...address, [field]: value };
  const rest: AddressErrors = { ...errors };
  delete rest[field];
  if (field !== 'country' || value === address.country) return { address: next, errors: rest };
  delete rest.state;
  return { address: { ...next, state: '' }, errors: rest };
}

/** The address as the API takes it: trimmed, without an empty apartment line or an empty free-text state. */
export function addressRequest(address: ShippingAddress): ShippingAddress {
  const trimmed = Object.fromEntries(Object.entries(address).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value])) as unknown as ShippingAddress;
  const { address_line2, state, ...required } = trimmed;
  return { ...required, ...(address_line2 ? { address_line2 } : {}), ...(state ? { state } : {}) };
}

/** §5.1's messages for the address as it will be sent. */
export const addressErrors = (address: ShippingAddress): AddressErrors => addressProblems(addressRequest(address));

/** The API's refusals of an address (`details` naming `shipping_address.<field>`), each on its field. */
export const addressFieldErrors = (details: unknown): AddressErrors =>
  apiFieldErrors(details, Object.fromEntries(Object.keys(emptyAddress()).map((field) => [`shipping_address.${field}`, field])) as Record<string, AddressField>);

/** A saved or earlier address as the form holds it: every field present, so each input is controlled. */
export const addressForForm = (address: ShippingAddress): ShippingAddress => ({ ...emptyAddress(), ...address, address_line2: address.address_line2 ?? '', state: address.state ?? '' });

/** What stops the order at the review: missing steps first, then the terms; null when it may be placed. */
export function reviewProblem(review: { product: PrintProduct | null; address: ShippingAddress | null; level: ShippingLevel | null; total: number | null; agreed: boolean }): string | null {
  if (!review.product || !review.address || Object.keys(addressErrors(review.address)).length || !review.level || review.total === null) return PrintMessages.missingInformation;
  if (!review.agreed) return PrintMessages.agreeTerms;
  return null;
}

