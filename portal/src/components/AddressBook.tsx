import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { SavedAddressView } from '../../../libs/contracts/index.ts';
import { ADDRESS_FIELDS, type ShippingAddress } from '../../../libs/domain/index.ts';
import { fetchSavedAddresses, saveAddress } from '../api/addresses.ts';
import { useAuth } from './AuthContext.tsx';
import { addressRequest } from './addressFlow.ts';
import { addressLines } from './printFlow.ts';

const SAVED = ['saved-addresses'] as const;
const same = (a: ShippingAddress, b: ShippingAddress) => ADDRESS_FIELDS.every((field) => (a[field] ?? '').toLowerCase() === (b[field] ?? '').toLowerCase());

/**
 * A signed-in author's address book for a form: the saved addresses to pick from, and "save this address" for a new
 * one, kept when the form goes on (`keep`). Signed out, there is nothing to pick and nothing is saved.
 */
export function useAddressBook() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const saved = useQuery({ queryKey: SAVED, queryFn: fetchSavedAddresses, enabled: Boolean(user), staleTime: 60_000 });
  const [remember, setRemember] = useState(true);
  const list: SavedAddressView[] = user ? (saved.data ?? []) : [];
  const isSaved = (address: ShippingAddress) => list.some((row) => same(row.address, addressRequest(address)));
  /** Saves the address when asked to and new; a book that cannot take it never holds the form up. */
  const keep = async (address: ShippingAddress): Promise<void> => {
    if (!user || !remember || isSaved(address)) return;
    try {
      await saveAddress(addressRequest(address));
      await queryClient.invalidateQueries({ queryKey: SAVED });
    } catch {
      // The order goes on; the author can save the address next time.
    }
  };
  return { signedIn: Boolean(user), list, remember, setRemember, isSaved, keep };
}

export type AddressBook = ReturnType<typeof useAddressBook>;

/** The picker above an address form and the "save" box below it. */
export function AddressBookChoice({ book, idPrefix, address, onPick, children }: { book: AddressBook; idPrefix: string; address: ShippingAddress; onPick: (address: ShippingAddress) => void; children: ReactNode }) {
  const pickId = `${idPrefix}-saved`;
  return (
    <>
      {book.list.length > 0 && (
        <div className="field">
          <label htmlFor={pickId}>Saved addresses</label>
          <select
            id={pickId}
            value=""
            onChange={(event) => {
              const row = book.list.find((r) => r.id === event.target.value);
              if (row) onPick(row.address);
            }}
          >
            <option value="">Choose a saved address…</option>
            {book.list.map((row) => (
              <option key={row.id} value={row.id}>{addressLines(row.address).slice(0, 4).join(', ')}</option>
            ))}
          </select>
        </div>
      )}
      {children}
      {book.signedIn && !book.isSaved(address) && (
        <label className="toggle">
          <input type="checkbox" checked={book.remember} onChange={(event) => book.setRemember(event.target.checked)} /> Save this address to my address book
        </label>
      )}
    </>
  );
}
