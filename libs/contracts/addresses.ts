import type { ShippingAddress } from '../domain/index.ts';

/** One address of the caller's address book (GET /api/addresses, newest first). */
export interface SavedAddressView {
  id: string;
  address: ShippingAddress;
  created_at: string;
}

/** POST /api/addresses: checked by the shipping address rule; an address already in the book is answered as it is. */
export interface SaveAddressRequest {
  shipping_address: ShippingAddress;
}

/**
 * POST /api/print/orders/{id}/shipping-address, POST /api/elite-requests/{id}/shipping-address and the back office's
 * `…/shipping-address` actions: the corrected address, taken until the print job is submitted to the printer.
 */
export interface ChangeShippingAddressRequest {
  shipping_address: ShippingAddress;
}
