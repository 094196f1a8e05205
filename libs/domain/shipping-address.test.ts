import { describe, expect, it } from 'vitest';
import { AddressMessages, addressProblems, COUNTRIES, normalizedAddress, postcodeExample, regionsOf, type Country, type ShippingAddress } from './shipping-address.ts';

/** A deliverable address of each country the issue names: postal code, region where there are regions, phone. */
const GOOD: Record<'US' | 'CA' | 'GB' | 'DE' | 'JP' | 'IN' | 'BR', ShippingAddress> = {
  US: { name: 'Ada Writer', address_line1: '1 Main Street', city: 'Portland', state: 'ME', postcode: '04101', country: 'US', phone: '(207) 555-0134' },
  CA: { name: 'Ada Writer', address_line1: '100 Queen St W', city: 'Toronto', state: 'ON', postcode: 'M5H 2N2', country: 'CA', phone: '416-555-0199' },
  GB: { name: 'Ada Writer', address_line1: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', country: 'GB', phone: '020 7946 0018' },
  DE: { name: 'Ada Writer', address_line1: 'Marienplatz 1', city: 'München', state: 'Bayern', postcode: '80331', country: 'DE', phone: '+49 89 1234 5678' },
  JP: { name: 'Ada Writer', address_line1: '1-1 Chiyoda', city: 'Chiyoda-ku', state: 'Tokyo', postcode: '100-0001', country: 'JP', phone: '03-1234-5678' },
  IN: { name: 'Ada Writer', address_line1: '1 Marine Drive', city: 'Mumbai', state: 'MH', postcode: '400020', country: 'IN', phone: '+91 98765 43210' },
  BR: { name: 'Ada Writer', address_line1: 'Av. Paulista, 1000', city: 'São Paulo', state: 'SP', postcode: '01310-100', country: 'BR', phone: '(11) 98765-4321' },
};

/** Per country: a bad postal code, a bad region (undefined: the country has none to get wrong), a phone that is not of the country. */
const BAD: Record<keyof typeof GOOD, { postcode: string; state: string | undefined; phone: string }> = {
  US: { postcode: '041', state: 'XX', phone: '207' },
  CA: { postcode: '12345', state: 'IL', phone: '416-555' },
  GB: { postcode: '123', state: undefined, phone: '020 79' },
  DE: { postcode: '8033', state: undefined, phone: '089 12' },
  JP: { postcode: '100-00', state: 'Kyoto-fu', phone: '03-12' },
  IN: { postcode: '4000', state: 'XX', phone: '98765' },
  BR: { postcode: '0131', state: 'ZZ', phone: '(11) 9876' },
};

describe('the shipping address rule, country by country', () => {
  describe.each(Object.keys(GOOD) as (keyof typeof GOOD)[])('%s', (country) => {
    const good = GOOD[country];
    const bad = BAD[country];

    it('takes a deliverable address', () => {
      expect(addressProblems(good)).toEqual({});
    });

    it('refuses a postal code of the wrong shape, naming an example', () => {
      expect(addressProblems({ ...good, postcode: bad.postcode })).toEqual({ postcode: AddressMessages.postcodeInvalid(country) });
      expect(AddressMessages.postcodeInvalid(country)).toContain(postcodeExample(country));
    });

    it('requires a state or province where the country has them, from its list', () => {
      if (bad.state === undefined) {
        expect(regionsOf(country)).toBeNull();
        expect(addressProblems({ ...good, state: '' })).toEqual({});
        return;
      }
      expect(addressProblems({ ...good, state: '' })).toEqual({ state: AddressMessages.state });
      expect(addressProblems({ ...good, state: bad.state })).toEqual({ state: AddressMessages.stateUnknown });
    });

    it('refuses a phone that is not a number of the country', () => {
      expect(addressProblems({ ...good, phone: bad.phone })).toEqual({ phone: AddressMessages.phoneForCountry(country) });
      expect(addressProblems({ ...good, phone: 'call me' })).toEqual({ phone: AddressMessages.phoneInvalid });
    });
  });

  it('catches the addresses of issue 31: ZIP "0410" and "041", phone "207"', () => {
    expect(addressProblems({ ...GOOD.US, postcode: '0410', phone: '207' })).toEqual({ postcode: AddressMessages.postcodeInvalid('US'), phone: AddressMessages.phoneForCountry('US') });
    expect(addressProblems({ ...GOOD.US, postcode: '041' })).toHaveProperty('postcode');
  });

  it("reads a phone with another country's calling code as not of this country, except where the code is shared", () => {
    expect(addressProblems({ ...GOOD.US, phone: '+44 20 7946 0018' })).toEqual({ phone: AddressMessages.phoneForCountry('US') });
    expect(addressProblems({ ...GOOD.CA, phone: '+1 (217) 555-0100' })).toEqual({});
  });

  it('takes a Japanese postal code typed without its hyphen and a Canadian one without its space', () => {
    expect(addressProblems({ ...GOOD.JP, postcode: '1000001' })).toEqual({});
    expect(addressProblems({ ...GOOD.CA, postcode: 'm5h2n2' })).toEqual({});
  });

  it('names every missing field in the spec’s words, and counts what is not text as missing', () => {
    expect(addressProblems({})).toEqual({
      name: AddressMessages.name,
      address_line1: AddressMessages.street,
      city: AddressMessages.city,
      postcode: AddressMessages.postcode,
      phone: AddressMessages.phone,
      state: AddressMessages.state,
    });
    expect(addressProblems({ ...GOOD.US, name: 42, country: 'ZZ' })).toEqual({ name: AddressMessages.name, country: AddressMessages.country });
  });

  it('has an example postal code that passes for every country it ships to', () => {
    for (const country of COUNTRIES) {
      const region = regionsOf(country)?.[0];
      const phone = GOOD[country as keyof typeof GOOD]?.phone;
      const problems = addressProblems({ ...GOOD.US, country, state: region ?? '', postcode: postcodeExample(country as Country), ...(phone ? { phone } : {}) });
      expect(problems.postcode, country).toBeUndefined();
    }
  });

  it('trims what it keeps and leaves out empty optional fields', () => {
    expect(normalizedAddress({ ...GOOD.GB, name: '  Ada Writer ', address_line2: ' ', state: '', country: '' })).toEqual({ ...GOOD.GB, country: 'US' });
  });
});
