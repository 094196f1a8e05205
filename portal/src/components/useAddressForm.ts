import { useState } from 'react';
import type { AddressField, ShippingAddress } from '../../../libs/domain/index.ts';
import { addressErrors, editAddress, emptyAddress, type AddressErrors } from './printFlow.ts';

/**
 * The state behind an AddressForm: typing clears a field's message, and `check` marks every problem, focusing the
 * first field in error (the form's ids are `<idPrefix>-<field>`). Returns whether the address is whole.
 */
export function useAddressForm(idPrefix: string) {
  const [address, setAddress] = useState<ShippingAddress>(emptyAddress);
  const [errors, setErrors] = useState<AddressErrors>({});
  const edit = (field: AddressField, value: string) => {
    const next = editAddress(address, errors, field, value);
    setAddress(next.address);
    setErrors(next.errors);
  };
  const check = (): boolean => {
    const problems = addressErrors(address);
    setErrors(problems);
    const first = Object.keys(problems)[0];
    if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
    return !first;
  };
  /** The server's refusals (e.g. the API's details under shipping_address), each on its field. */
  const show = (problems: AddressErrors) => setErrors({ ...errors, ...problems });
  return { address, errors, edit, check, show, idPrefix };
}
