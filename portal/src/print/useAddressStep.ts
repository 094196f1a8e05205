import { useState } from 'react';
import { ApiError } from '../api/client.ts';
import type { AddressBook } from '../components/AddressBook.tsx';
import { apiFieldErrors } from '../components/FieldErrors.tsx';
import type { useAddressForm } from '../components/useAddressForm.ts';

/**
 * Leaving the wizard's address step: the shared rule first (each problem on its field), then the server's price for
 * the address, so that its refusals show on the address's fields (or, the printer's, above the buttons) while the
 * author can still change it. Any other failure goes on to the shipping step, which says so with Try Again.
 */
export function useAddressStep(form: ReturnType<typeof useAddressForm>, book: AddressBook, quote: () => Promise<unknown>, onPassed: () => void) {
  const [checking, setChecking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const leave = async () => {
    setRefusal(null);
    if (!form.check()) return;
    setChecking(true);
    try {
      await quote();
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        if (form.showApi(error.details)) return;
        const printer = apiFieldErrors<'provider'>(error.details, { provider: 'provider' }).provider;
        return setRefusal(printer ? `${error.message}: ${printer}` : error.message);
      }
    } finally {
      setChecking(false);
    }
    void book.keep(form.address);
    onPassed();
  };
  return { checking, refusal, leave, clear: () => setRefusal(null) };
}
