import { useState } from 'react';
import type { AddressField, ShippingAddress } from '../../../libs/domain/index.ts';
import { addressErrors, addressFieldErrors, addressForForm, editAddress, emptyAddress, type AddressErrors } from './addressFlow.ts';

/**
 * The state behind an AddressForm: typing clears a field's message, leaving a filled-in field shows its problem (the
 * shared address rule, as typed), and `check` marks every problem, focusing the first field in error (the form's ids
 * are `<idPrefix>-<field>`). Returns whether the address is whole.
 */
export function useAddressForm(idPrefix: string, initial?: ShippingAddress | null) {
  const [address, setAddress] = useState<ShippingAddress>(() => (initial ? addressForForm(initial) : emptyAddress()));
  const [errors, setErrors] = useState<AddressErrors>({});
  const edit = (field: AddressField, value: string) => {
    const next = editAddress(address, errors, field, value);
    setAddress(next.address);
    setErrors(next.errors);
  };
  /** A field left: its problem shows at once, unless it is still empty (the required message waits for `check`). */
  const blur = (field: AddressField) => {
    if (!(address[field] ?? '').trim()) return;
    const problem = addressErrors(address)[field];
    setErrors((current) => ({ ...current, [field]: problem }));
  };
  const focusFirst = (problems: AddressErrors) => {
    const first = Object.keys(problems).find((field) => problems[field as AddressField]);
    if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
    return first;
  };
  const check = (): boolean => {
    const problems = addressErrors(address);
    setErrors(problems);
    return !focusFirst(problems);
  };
  /** The server's refusals (e.g. the API's details under shipping_address), each on its field. */
  const show = (problems: AddressErrors) => setErrors((current) => ({ ...current, ...problems }));
  /** Shows the API's field refusals of the address; whether there were any. */
  const showApi = (details: unknown): boolean => {
    const problems = addressFieldErrors(details);
    show(problems);
    return Boolean(focusFirst(problems));
  };
  /** A saved address taken into the form, with its problems (if the rule has grown stricter since it was saved). */
  const pick = (picked: ShippingAddress) => {
    const next = addressForForm(picked);
    setAddress(next);
    setErrors(addressErrors(next));
  };
  return { address, errors, edit, blur, check, show, showApi, pick, idPrefix };
}
