import { describe, expect, it } from 'vitest';
import type { PrintOrderView } from '../../../libs/contracts/index.ts';
import { AddressMessages, PRINT_PRODUCTS, PrintMessages, type ShippingAddress } from '../../../libs/domain/index.ts';
import { awaitingCheckout, waitForPayment } from '../api/print.ts';
import { addressErrors, addressRequest, editAddress, emptyAddress, reviewProblem } from './addressFlow.ts';
import { badgeTone, cheapestLevel, clampStep, copies, coverPlan, ordersRefetchInterval, PRINT_ORDER_REFRESH_MS, tierLines } from './printFlow.ts';

const home: ShippingAddress = { name: 'Ada Writer', address_line1: '1 Main St', address_line2: '', city: 'Springfield', state: 'IL', postcode: '62701', country: 'US', phone: '+1 (217) 555-0100' };
const [standard] = PRINT_PRODUCTS;
if (!standard) throw new Error('no print products');

describe('the wizard steps', () => {
  it('never go below 1 or above 4', () => {
    expect([clampStep(0), clampStep(-3), clampStep(1), clampStep(4), clampStep(5), clampStep(Number.NaN)]).toEqual([1, 1, 1, 4, 4, 1]);
  });
});

describe('the address form', () => {
  it('starts empty in the default country, US', () => {
    expect(emptyAddress()).toMatchObject({ country: 'US', name: '', state: '' });
  });

  it('clears a field’s message when the field is edited, and leaves the others', () => {
    const errors = { name: AddressMessages.name, city: AddressMessages.city };
    const { address, errors: after } = editAddress(emptyAddress(), errors, 'name', 'A');
    expect(address.name).toBe('A');
    expect(after).toEqual({ city: AddressMessages.city });
  });

  it('empties the state when the country changes, with its message', () => {
    const { address, errors } = editAddress(home, { state: AddressMessages.state, phone: AddressMessages.phone }, 'country', 'CA');
    expect(address).toMatchObject({ country: 'CA', state: '' });
    expect(errors).toEqual({ phone: AddressMessages.phone });
    expect(editAddress(home, {}, 'country', 'US').address.state).toBe('IL');
  });

  it('shows every §5.1 message for an empty US address, and none for a complete one', () => {
    expect(addressErrors(emptyAddress())).toEqual({
      name: AddressMessages.name,
      address_line1: AddressMessages.street,
      city: AddressMessages.city,
      postcode: AddressMessages.postcode,
      phone: AddressMessages.phone,
      state: AddressMessages.state,
    });
    expect(addressErrors(home)).toEqual({});
    expect(addressErrors({ ...home, phone: 'call me' })).toEqual({ phone: AddressMessages.phoneInvalid });
    expect(addressErrors({ ...home, country: 'GB', state: '', postcode: 'SW1A 1AA', phone: '020 7946 0018' })).toEqual({});
    // The rule is the country's: ZIP "0410" and phone "207" are no address in the US.
    expect(addressErrors({ ...home, postcode: '0410', phone: '207' })).toEqual({ postcode: AddressMessages.postcodeInvalid('US'), phone: AddressMessages.phoneForCountry('US') });
  });

  it('sends the address trimmed, without an empty apartment line or state', () => {
    expect(addressRequest({ ...home, name: '  Ada Writer ', country: 'GB', state: ' ' })).toEqual({
      name: 'Ada Writer',
      address_line1: '1 Main St',
      city: 'Springfield',
      postcode: '62701',
      country: 'GB',
      phone: '+1 (217) 555-0100',
    });
  });
});

describe('shipping and review', () => {
  it('preselects the cheapest option', () => {
    const option = (level: 'MAIL' | 'EXPEDITED', cost: number) => ({ level, cost, label: level, days: '' });
    expect(cheapestLevel([option('EXPEDITED', 12.99), option('MAIL', 3.99)])).toBe('MAIL');
    expect(cheapestLevel([])).toBeNull();
  });

  it('asks for the missing steps first, then for the terms', () => {
    const complete = { product: standard, address: home, level: 'MAIL' as const, total: 44.99, agreed: true };
    expect(reviewProblem(complete)).toBeNull();
    expect(reviewProblem({ ...complete, agreed: false })).toBe(PrintMessages.agreeTerms);
    for (const missing of [{ product: null }, { address: null }, { level: null }, { total: null }, { address: { ...home, city: '' } }]) {
      expect(reviewProblem({ ...complete, ...missing, agreed: false })).toBe(PrintMessages.missingInformation);
    }
  });

  it('reads tiers and quantities as the wizard prints them', () => {
    expect(tierLines(standard)).toEqual(['1+ $4.50', '5+ $4.25', '10+ $4.00', '25+ $3.75', '50+ $3.50']);
    expect([copies(1), copies(10)]).toEqual(['1 copy', '10 copies']);
  });
});

describe('order statuses', () => {
  it('keep polling while any order can still move, and stop once all are final', () => {
    expect(ordersRefetchInterval(undefined)).toBe(false);
    expect(ordersRefetchInterval([])).toBe(false);
    expect(ordersRefetchInterval([{ order_status: 'shipped' }, { order_status: 'unpaid' }])).toBe(PRINT_ORDER_REFRESH_MS);
    expect(ordersRefetchInterval([{ order_status: 'shipped' }, { order_status: 'cancelled' }, { order_status: 'failed' }])).toBe(false);
  });

  it('colour the badges as §4.3 says', () => {
    expect(['draft', 'submitted', 'processing', 'shipped', 'delivered'].map(badgeTone)).toEqual(['blue', 'blue', 'yellow', 'green', 'dark-green']);
    expect(badgeTone('error')).toBe('red');
  });
});

describe('a print service’s cover', () => {
  it('is regenerated when the book has none or it was made for another template, and reused otherwise', () => {
    expect(coverPlan({ cover_blob_url: null, cover_pdf_template: null }, 'lulu')).toBe('regenerate');
    expect(coverPlan({ cover_blob_url: '/c.pdf', cover_pdf_template: 'amazon_kdp' }, 'lulu')).toBe('regenerate');
    expect(coverPlan({ cover_blob_url: '/c.pdf', cover_pdf_template: 'lulu' }, 'lulu')).toBe('reuse');
  });
});

describe('waiting for the checkout page of a new order', () => {
  const order = (fields: Partial<PrintOrderView>) => ({ order_id: 'o1', order_status: 'validating', payment_url: null, ...fields }) as PrintOrderView;

  it('looks again until the payment address appears', async () => {
    const answers = [order({}), order({ order_status: 'unpaid' }), order({ order_status: 'unpaid', payment_url: 'http://pay.example/1' })];
    let reads = 0;
    const done = await waitForPayment(order({ order_status: 'draft' }), 10_000, () => Promise.resolve(answers[Math.min(reads++, answers.length - 1)] as PrintOrderView));
    expect(done.payment_url).toBe('http://pay.example/1');
    expect(reads).toBe(3);
  });

  it('stops at once for an order that has ended, and gives up after its time', async () => {
    expect(awaitingCheckout(order({ order_status: 'failed' }))).toBe(false);
    expect(awaitingCheckout(order({ order_status: 'unpaid', payment_url: 'x' }))).toBe(false);
    const failed = await waitForPayment(order({ order_status: 'failed' }), 10_000, () => Promise.reject(new Error('never read')));
    expect(failed.order_status).toBe('failed');
    const started = Date.now();
    const still = await waitForPayment(order({}), 600, () => Promise.resolve(order({ order_status: 'unpaid' })));
    expect(still).toMatchObject({ order_status: 'unpaid', payment_url: null });
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
