import type { EliteRequestView, PrintOrderView, SavedAddressView } from '../../../libs/contracts/index.ts';
import type { ShippingAddress } from '../../../libs/domain/index.ts';
import { apiFetch } from './client.ts';

/** The signed-in author's address book, newest first. */
export const fetchSavedAddresses = () => apiFetch<SavedAddressView[]>('/api/addresses');
/** Saves an address (one already saved is answered as it is). */
export const saveAddress = (address: ShippingAddress) => apiFetch<SavedAddressView>('/api/addresses', { method: 'POST', body: JSON.stringify({ shipping_address: address }) });
export const deleteSavedAddress = (id: string) => apiFetch<void>(`/api/addresses/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Corrections until the copies are submitted to the printer (a 409 after, in the run's words). */
export const correctPrintOrderAddress = (orderId: string, address: ShippingAddress) =>
  apiFetch<PrintOrderView>(`/api/print/orders/${encodeURIComponent(orderId)}/shipping-address`, { method: 'POST', body: JSON.stringify({ shipping_address: address }) });
export const correctEliteAddress = (requestId: string, address: ShippingAddress) =>
  apiFetch<EliteRequestView>(`/api/elite-requests/${encodeURIComponent(requestId)}/shipping-address`, { method: 'POST', body: JSON.stringify({ shipping_address: address }) });
