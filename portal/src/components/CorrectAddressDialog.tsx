import { useState, type FormEvent } from 'react';
import type { ShippingAddress } from '../../../libs/domain/index.ts';
import { ApiError } from '../api/client.ts';
import { addressRequest } from './addressFlow.ts';
import { AddressForm } from './AddressForm.tsx';
import { Dialog } from './Dialog.tsx';
import { useAddressForm } from './useAddressForm.ts';

/**
 * The correction's dialog: the address as it stands, checked as typed by the shared rule; `save` sends it. The
 * server's field refusals show on their fields, any other (a 409 once submitted) above the buttons.
 */
export function CorrectAddressDialog({ id, current, save, onClose, onSaved }: { id: string; current: ShippingAddress; save: (address: ShippingAddress) => Promise<unknown>; onClose: () => void; onSaved: () => void }) {
  const form = useAddressForm(`${id}-address`, current);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!form.check()) return;
    setBusy(true);
    try {
      await save(addressRequest(form.address));
      onSaved();
    } catch (error) {
      if (!(error instanceof ApiError && form.showApi(error.details))) setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog labelId={`${id}-title`} onClose={onClose} busy={busy} wide>
      <h3 id={`${id}-title`}>Correct the shipping address</h3>
      <p>Until the copies are sent to the printer, the address can be corrected.</p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <AddressForm idPrefix={form.idPrefix} address={form.address} errors={form.errors} onEdit={form.edit} onBlur={form.blur} />
        {problem && <p className="error-text" role="alert">{problem}</p>}
        <div className="path-buttons">
          <button type="submit" className="button" disabled={busy}>{busy ? 'Saving…' : 'Save address'}</button>
          <button type="button" className="button button-secondary" disabled={busy} onClick={onClose}>Back</button>
        </div>
      </form>
    </Dialog>
  );
}
