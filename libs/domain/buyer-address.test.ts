import { describe, expect, it } from 'vitest';
import { buyerAddress } from './buyer-address.ts';

describe('buyerAddress', () => {
  it("is the payment's address first, then the account's once confirmed", () => {
    expect(buyerAddress('paid@example.com', { email: 'own@example.com', emailVerified: true })).toBe('paid@example.com');
    expect(buyerAddress(null, { email: 'own@example.com', emailVerified: true })).toBe('own@example.com');
    expect(buyerAddress('  ', { email: ' own@example.com ', emailVerified: true })).toBe('own@example.com');
  });

  it('is none without either: an unconfirmed account has no address to mail', () => {
    expect(buyerAddress(null, { email: 'own@example.com', emailVerified: false })).toBeNull();
    expect(buyerAddress(undefined, null)).toBeNull();
    expect(buyerAddress(null, { email: null, emailVerified: true })).toBeNull();
  });
});
