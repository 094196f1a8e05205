// The one rule for a shipping address (§5.1, §9): the print wizard, an Elite proof's approval, the shop's printed
// copies, address corrections and the address book all check with addressProblems, on the client as typed and in the
// API's DTOs. Postal codes by postcode-validator's per-country patterns, phones by libphonenumber-js's metadata.
import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { postcodeValidator } from 'postcode-validator';

/** The countries the printer ships to: the wizard's and the shop's choices, and what the API and the simulator accept. */
export const COUNTRIES = ['US', 'CA', 'GB', 'AU', 'DE', 'FR', 'IT', 'ES', 'NL', 'SE', 'NO', 'DK', 'FI', 'JP', 'SG', 'NZ', 'IN', 'BR'] as const;
export type Country = (typeof COUNTRIES)[number];
export const DEFAULT_COUNTRY: Country = 'US';
export const isCountry = (value: string): value is Country => (COUNTRIES as readonly string[]).includes(value);

export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT',
  'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const;
export const CA_PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;
/** ISO 3166-2 codes with their names, where the codes alone mean little to a buyer. */
const AU_STATES = { ACT: 'Australian Capital Territory', NSW: 'New South Wales', NT: 'Northern Territory', QLD: 'Queensland', SA: 'South Australia', TAS: 'Tasmania', VIC: 'Victoria', WA: 'Western Australia' };
const IN_STATES = {
  AN: 'Andaman and Nicobar Islands', AP: 'Andhra Pradesh', AR: 'Arunachal Pradesh', AS: 'Assam', BR: 'Bihar', CH: 'Chandigarh', CG: 'Chhattisgarh',
  DH: 'Dadra and Nagar Haveli and Daman and Diu', DL: 'Delhi', GA: 'Goa', GJ: 'Gujarat', HR: 'Haryana', HP: 'Himachal Pradesh', JK: 'Jammu and Kashmir',
  JH: 'Jharkhand', KA: 'Karnataka', KL: 'Kerala', LA: 'Ladakh', LD: 'Lakshadweep', MP: 'Madhya Pradesh', MH: 'Maharashtra', MN: 'Manipur', ML: 'Meghalaya',
  MZ: 'Mizoram', NL: 'Nagaland', OD: 'Odisha', PY: 'Puducherry', PB: 'Punjab', RJ: 'Rajasthan', SK: 'Sikkim', TN: 'Tamil Nadu', TS: 'Telangana', TR: 'Tripura',
  UP: 'Uttar Pradesh', UK: 'Uttarakhand', WB: 'West Bengal',
};
const BR_STATES = {
  AC: 'Acre', AL: 'Alagoas', AP: 'Amapá', AM: 'Amazonas', BA: 'Bahia', CE: 'Ceará', DF: 'Distrito Federal', ES: 'Espírito Santo', GO: 'Goiás', MA: 'Maranhão',
  MT: 'Mato Grosso', MS: 'Mato Grosso do Sul', MG: 'Minas Gerais', PA: 'Pará', PB: 'Paraíba', PR: 'Paraná', PE: 'Pernambuco', PI: 'Piauí', RJ: 'Rio de Janeiro',
  RN: 'Rio Grande do Norte', RS: 'Rio Grande do Sul', RO: 'Rondônia', RR: 'Roraima', SC: 'Santa Catarina', SP: 'São Paulo', SE: 'Sergipe', TO: 'Tocantins',
};
/** Japan's prefectures by the names written on a parcel. */
const JP_PREFECTURES = [
  'Hokkaido', 'Aomori', 'Iwate', 'Miyagi', 'Akita', 'Yamagata', 'Fukushima', 'Ibaraki', 'Tochigi', 'Gunma', 'Saitama', 'Chiba', 'Tokyo', 'Kanagawa', 'Niigata',
  'Toyama', 'Ishikawa', 'Fukui', 'Yamanashi', 'Nagano', 'Gifu', 'Shizuoka', 'Aichi', 'Mie', 'Shiga', 'Kyoto', 'Osaka', 'Hyogo', 'Nara', 'Wakayama', 'Tottori',
  'Shimane', 'Okayama', 'Hiroshima', 'Yamaguchi', 'Tokushima', 'Kagawa', 'Ehime', 'Kochi', 'Fukuoka', 'Saga', 'Nagasaki', 'Kumamoto', 'Oita', 'Miyazaki',
  'Kagoshima', 'Okinawa',
] as const;

const REGION_NAMES: Partial<Record<Country, Record<string, string>>> = { AU: AU_STATES, IN: IN_STATES, BR: BR_STATES };
const REGIONS: Partial<Record<Country, readonly string[]>> = {
  US: US_STATES,
  CA: CA_PROVINCES,
  AU: Object.keys(AU_STATES),
  IN: Object.keys(IN_STATES),
  BR: Object.keys(BR_STATES),
  JP: JP_PREFECTURES,
};
/** The state, province or prefecture choices of a country that requires one; null where the field is free text and optional. */
export const regionsOf = (country: string): readonly string[] | null => (isCountry(country) ? (REGIONS[country] ?? null) : null);
/** How a region reads in a list: "Maharashtra (MH)" where the code alone is obscure, else the code. */
export const regionLabel = (country: string, code: string): string => {
  const name = isCountry(country) ? REGION_NAMES[country]?.[code] : undefined;
  return name ? `${name} (${code})` : code;
};

/** A postal code of each country, shown with a refused one. */
const POSTCODE_EXAMPLES: Record<Country, string> = {
  US: '62701', CA: 'K1A 0B1', GB: 'SW1A 1AA', AU: '2000', DE: '10115', FR: '75001', IT: '00184', ES: '28001', NL: '1012 AB', SE: '114 55', NO: '0150',
  DK: '1050', FI: '00100', JP: '100-0001', SG: '238859', NZ: '6011', IN: '110001', BR: '01310-100',
};
export const postcodeExample = (country: Country): string => POSTCODE_EXAMPLES[country];

const countryName = (code: string): string => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
};

export interface ShippingAddress {
  name: string;
  address_line1: string;
  address_line2?: string;
  city: string;
  state?: string;
  postcode: string;
  country: string;
  phone: string;
}
export type AddressField = keyof ShippingAddress;
export const ADDRESS_FIELDS: readonly AddressField[] = ['name', 'address_line1', 'address_line2', 'city', 'state', 'postcode', 'country', 'phone'];

export const AddressMessages = {
  name: 'Full name is required',
  street: 'Street address is required',
  city: 'City is required',
  postcode: 'Postal code is required',
  phone: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number',
  state: 'State/Province is required',
  country: `Country must be one of ${COUNTRIES.join(', ')}`,
  stateUnknown: 'Choose a state or province from the list',
  postcodeInvalid: (country: Country) => `Please enter a valid postal code for ${countryName(country)} (e.g. ${postcodeExample(country)})`,
  phoneForCountry: (country: Country) => `Please enter a valid phone number for ${countryName(country)}, with its area code`,
} as const;

/** Japan's codes are often typed without their hyphen. */
const postcodeAsWritten = (postcode: string, country: Country): string => {
  const code = postcode.trim().toUpperCase();
  return country === 'JP' && /^\d{7}$/.test(code) ? `${code.slice(0, 3)}-${code.slice(3)}` : code;
};

/** A phone the carrier can call: a valid number of the country (or of one sharing its calling code, as the US and Canada do). */
function phoneFits(phone: string, country: Country): boolean {
  const parsed = parsePhoneNumberFromString(phone, country as CountryCode);
  return Boolean(parsed?.isValid() && parsed.countryCallingCode === getCountryCallingCode(country as CountryCode));
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * §5.1's checks and the country's own: required fields in the spec's wording, the postal code's format, the state,
 * province or prefecture where the country has them, and a phone number of the country. Fields that are not text
 * count as empty, so the API can ask this of any body. Each problem is keyed by its field.
 */
export function addressProblems(address: Partial<Record<AddressField, unknown>>): Partial<Record<AddressField, string>> {
  const problems: Partial<Record<AddressField, string>> = {};
  const country = text(address.country) || DEFAULT_COUNTRY;
  const known = isCountry(country) ? country : null;
  if (!text(address.name)) problems.name = AddressMessages.name;
  if (!text(address.address_line1)) problems.address_line1 = AddressMessages.street;
  if (!text(address.city)) problems.city = AddressMessages.city;
  const postcode = text(address.postcode);
  if (!postcode) problems.postcode = AddressMessages.postcode;
  else if (known && !postcodeValidator(postcodeAsWritten(postcode, known), known)) problems.postcode = AddressMessages.postcodeInvalid(known);
  const phone = text(address.phone);
  if (!phone) problems.phone = AddressMessages.phone;
  else if (!/^[\d\s\-+().]+$/.test(phone)) problems.phone = AddressMessages.phoneInvalid;
  else if (known && !phoneFits(phone, known)) problems.phone = AddressMessages.phoneForCountry(known);
  if (!known) problems.country = AddressMessages.country;
  const regions = regionsOf(country);
  if (regions) {
    const state = text(address.state);
    if (!state) problems.state = AddressMessages.state;
    else if (!regions.includes(state)) problems.state = AddressMessages.stateUnknown;
  }
  return problems;
}

/** How many addresses an author's address book keeps. */
export const MAX_SAVED_ADDRESSES = 20;
export const AddressBookMessages = {
  full: `Your address book is full (${MAX_SAVED_ADDRESSES} addresses): delete one you no longer use first`,
  notFound: 'Address not found',
  changeRefused: 'The address can no longer be changed: the copies have been sent to the printer',
  noAddressYet: 'There is no shipping address to correct yet: it is given when the proof is approved',
  sameCountry: (country: string) => `A correction keeps the country (${countryName(country)}): shipping elsewhere is a new order`,
} as const;

/** The address as it is kept and sent: text trimmed, empty optional fields left out, the country defaulting to US. */
export function normalizedAddress(address: Partial<Record<AddressField, unknown>>): ShippingAddress {
  const line2 = text(address.address_line2);
  const state = text(address.state);
  return {
    name: text(address.name),
    address_line1: text(address.address_line1),
    ...(line2 ? { address_line2: line2 } : {}),
    city: text(address.city),
    ...(state ? { state } : {}),
    postcode: text(address.postcode),
    country: text(address.country) || DEFAULT_COUNTRY,
    phone: text(address.phone),
  };
}
