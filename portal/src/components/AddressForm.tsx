import type { ReactNode } from 'react';
import { COUNTRIES, regionLabel, regionsOf, type AddressField, type ShippingAddress } from '../../../libs/domain/index.ts';
import type { AddressErrors } from './addressFlow.ts';

const countryName = (() => {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return (code: string) => names.of(code) ?? code;
})();

function Field({ id, label, error, children }: { id: string; label: string; error?: string | undefined; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && <small id={`${id}-error`} className="error-text field-error">{error}</small>}
    </div>
  );
}

/**
 * §5.1's shipping address form, each message beside its field (the print wizard's step 2, and the address an Elite
 * author approves a proof with). Field ids are `<idPrefix>-<field>`, so a caller can focus the first field in error.
 */
export function AddressForm({
  address,
  errors,
  onEdit,
  onBlur,
  idPrefix = 'print',
}: {
  address: ShippingAddress;
  errors: AddressErrors;
  onEdit: (field: AddressField, value: string) => void;
  /** A field left (useAddressForm's `blur`: its problem shows as typed). */
  onBlur?: (field: AddressField) => void;
  idPrefix?: string;
}) {
  const regions = regionsOf(address.country);
  const id = (field: AddressField) => `${idPrefix}-${field}`;
  const input = (field: AddressField, extra: Record<string, string> = {}) => ({
    id: id(field),
    value: address[field] ?? '',
    onChange: (event: { target: { value: string } }) => onEdit(field, event.target.value),
    onBlur: () => onBlur?.(field),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id(field)}-error` : undefined,
    ...extra,
  });
  return (
    <div className="form-grid print-address">
      <Field id={id('name')} label="Full Name" error={errors.name}>
        <input {...input('name', { autoComplete: 'name' })} autoFocus />
      </Field>
      <Field id={id('address_line1')} label="Street Address" error={errors.address_line1}>
        <input {...input('address_line1', { autoComplete: 'address-line1' })} />
      </Field>
      <Field id={id('address_line2')} label="Apartment, suite, etc. (optional)" error={errors.address_line2}>
        <input {...input('address_line2', { autoComplete: 'address-line2' })} />
      </Field>
      <Field id={id('city')} label="City" error={errors.city}>
        <input {...input('city', { autoComplete: 'address-level2' })} />
      </Field>
      <Field id={id('country')} label="Country" error={errors.country}>
        <select {...input('country', { autoComplete: 'country' })}>
          {COUNTRIES.map((code) => (
            <option key={code} value={code}>{countryName(code)}</option>
          ))}
        </select>
      </Field>
      <Field id={id('state')} label="State/Province" error={errors.state}>
        {regions ? (
          <select {...input('state', { autoComplete: 'address-level1' })}>
            <option value="">Select…</option>
            {regions.map((code) => (
              <option key={code} value={code}>{regionLabel(address.country, code)}</option>
            ))}
          </select>
        ) : (
          <input {...input('state', { autoComplete: 'address-level1' })} />
        )}
      </Field>
      <Field id={id('postcode')} label="Postal Code" error={errors.postcode}>
        <input {...input('postcode', { autoComplete: 'postal-code' })} />
      </Field>
      <Field id={id('phone')} label="Phone Number" error={errors.phone}>
        <input {...input('phone', { autoComplete: 'tel', type: 'tel' })} />
      </Field>
    </div>
  );
}
