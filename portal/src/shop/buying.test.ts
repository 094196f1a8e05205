import { describe, expect, it } from 'vitest';
import { AddressMessages, SaleMessages } from '../../../libs/domain/index.ts';
import { buyFieldErrors, saleSettled, saleStage } from './buying.ts';

describe("the API's refusals on a buy form", () => {
  it('puts the form fields by id and the address fields for the AddressForm, the first message of each', () => {
    const details = [
      { field: 'email', messages: [SaleMessages.emailRequired] },
      { field: 'quantity', messages: [SaleMessages.quantity, 'second'] },
      { field: 'shipping_level', messages: ['shipping_level must be one of: MAIL, EXPEDITED'] },
      { field: 'shipping_address.city', messages: [AddressMessages.city] },
      { field: 'shipping_address.phone', messages: [AddressMessages.phoneInvalid] },
      { field: 'edition', messages: ['not on this form'] },
    ];
    expect(buyFieldErrors(details, 'buy')).toEqual({
      fields: { 'buy-email': SaleMessages.emailRequired, 'buy-quantity': SaleMessages.quantity, 'buy-level': 'shipping_level must be one of: MAIL, EXPEDITED' },
      address: { city: AddressMessages.city, phone: AddressMessages.phoneInvalid },
    });
  });

  it('finds nothing to place in a refusal without details', () => {
    expect(buyFieldErrors(undefined, 'buy')).toEqual({ fields: {}, address: {} });
  });
});

describe("the buyer's return page", () => {
  it('waits for the payment, then for the e-book to be mailed', () => {
    expect(saleStage({ status: 'awaiting_payment', edition: 'ebook' })).toBe('paying');
    expect(saleStage({ status: 'paid', edition: 'ebook' })).toBe('delivering');
    expect(saleStage({ status: 'delivered', edition: 'ebook' })).toBe('delivered');
    expect(saleSettled({ status: 'paid', edition: 'ebook' })).toBe(false);
    expect(saleSettled({ status: 'delivered', edition: 'ebook' })).toBe(true);
  });

  it('says printed copies are being printed once paid, and stops looking', () => {
    expect(saleStage({ status: 'paid', edition: 'print' })).toBe('printing');
    expect(saleStage({ status: 'printing', edition: 'print' })).toBe('printing');
    expect(saleStage({ status: 'shipped', edition: 'print' })).toBe('shipped');
    expect(saleSettled({ status: 'paid', edition: 'print' })).toBe(true);
    expect(saleSettled({ status: 'awaiting_payment', edition: 'print' })).toBe(false);
  });

  it('stops at a cancelled or expired checkout', () => {
    expect(saleStage({ status: 'expired', edition: 'ebook' })).toBe('ended');
    expect(saleSettled({ status: 'cancelled', edition: 'print' })).toBe(true);
  });
});
