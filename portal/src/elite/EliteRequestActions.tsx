import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import type { EliteRequestView } from '../../../libs/contracts/index.ts';
import { ELITE_LIMITS, type ShippingAddress } from '../../../libs/domain/index.ts';
import { Dialog } from '../components/Dialog.tsx';
import { AddressForm } from '../components/AddressForm.tsx';
import { AddressBookChoice, useAddressBook } from '../components/AddressBook.tsx';
import { addressRequest } from '../components/addressFlow.ts';
import { copies } from '../components/printFlow.ts';
import { useAddressForm } from '../components/useAddressForm.ts';
import { ApiError, newActionKey } from '../api/client.ts';
import { approveEliteProof, cancelEliteRequest, confirmEliteReceipt } from '../api/eliteRequests.ts';
import { markEliteWorking } from './eliteWorking.ts';
import { ALL_ELITE_REQUESTS, eliteRequestKey } from './useEliteRequests.ts';

// The decisions an author makes on an Elite request: each action as a mutation, and the dialogs that ask before it.

/**
 * An action's mutation. The request as the action left it (the answer, when there is one) is shown at once, so a
 * closed dialog never uncovers the buttons of the step before; an answer `working` (the run still carries the action
 * out) shows the request as working until it moves on. It is read again whatever the outcome (a refusal may mean it
 * moved meanwhile). Each intent has its Idempotency-Key, the same when the author tries it again after a failure, so a
 * retried action is done once; a new one follows each success.
 */
export function useEliteAction<V>(id: string, action: (variables: V, key: string) => Promise<EliteRequestView | void>, onDone?: () => void) {
  const queryClient = useQueryClient();
  const key = useRef(newActionKey());
  return useMutation({
    mutationFn: (variables: V) => action(variables, key.current),
    retry: false,
    onSuccess: async (answer) => {
      key.current = newActionKey();
      if (answer) {
        await queryClient.cancelQueries({ queryKey: eliteRequestKey(id) });
        if (answer.working) markEliteWorking(queryClient, answer);
        queryClient.setQueryData(eliteRequestKey(id), answer);
      }
      onDone?.();
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: eliteRequestKey(id) });
      void queryClient.invalidateQueries({ queryKey: ALL_ELITE_REQUESTS });
    },
  });
}

/** The refusal (a 409 says why in the workflow's words) or failure of an action, where its buttons are. */
export function ActionError({ mutation }: { mutation: { error: Error | null } }) {
  return mutation.error ? <p className="error-text" role="alert">{mutation.error.message}</p> : null;
}

/**
 * A dialog asking for a text before an action: the reason of a decline or a cancellation, the changes a proof needs.
 * `required` texts are checked before anything is sent.
 */
export function TextDialog(props: {
  id: string;
  title: string;
  intro: string;
  label: string;
  required: boolean;
  maxLength: number;
  submit: string;
  pending: string;
  danger?: boolean;
  mutation: UseMutationResult<unknown, Error, string>;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const { mutation } = props;
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (props.required && !text.trim()) return setMissing(true);
    mutation.mutate(text.trim());
  };
  return (
    <Dialog labelId={`${props.id}-title`} onClose={props.onClose} busy={mutation.isPending}>
      <h3 id={`${props.id}-title`}>{props.title}</h3>
      <p>{props.intro}</p>
      <form onSubmit={send} noValidate>
        <div className="field">
          <label htmlFor={`${props.id}-text`}>{props.label}</label>
          <textarea
            id={`${props.id}-text`}
            rows={4}
            maxLength={props.maxLength}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setMissing(false);
            }}
            aria-invalid={missing ? true : undefined}
            aria-describedby={missing ? `${props.id}-error` : undefined}
          />
          {missing && <small id={`${props.id}-error`} className="error-text field-error">Please say a few words here.</small>}
        </div>
        <ActionError mutation={mutation} />
        <div className="path-buttons">
          <button type="submit" className={`button ${props.danger ? 'button-danger' : ''}`} disabled={mutation.isPending}>{mutation.isPending ? props.pending : props.submit}</button>
          <button type="button" className="button button-secondary" disabled={mutation.isPending} onClick={props.onClose}>Back</button>
        </div>
      </form>
    </Dialog>
  );
}

/** Approving a proof sends the books to print: it asks where they go, with the print wizard's address form. */
export function ApproveDialog({ view, onClose }: { view: EliteRequestView; onClose: () => void }) {
  const form = useAddressForm('elite-address');
  const book = useAddressBook();
  const approve = useEliteAction(
    view.id,
    async (shipping: ShippingAddress, key) => {
      try {
        const answer = await approveEliteProof(view.id, { shipping_address: shipping }, key);
        await book.keep(shipping);
        return answer;
      } catch (error) {
        // The server's refusal of a field shows on the field, as the form's own checks do.
        if (error instanceof ApiError) form.showApi(error.details);
        throw error;
      }
    },
    onClose,
  );
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (form.check()) approve.mutate(addressRequest(form.address));
  };
  return (
    <Dialog labelId="approve-proof-title" onClose={onClose} busy={approve.isPending} wide>
      <h3 id="approve-proof-title">Approve the proof</h3>
      <p>Your approval sends the book to print{view.copies ? ` (${copies(view.copies)})` : ''}. Where should the books go?</p>
      <form onSubmit={send} noValidate>
        <AddressBookChoice book={book} idPrefix={form.idPrefix} address={form.address} onPick={form.pick}>
          <AddressForm idPrefix={form.idPrefix} address={form.address} errors={form.errors} onEdit={form.edit} onBlur={form.blur} />
        </AddressBookChoice>
        <ActionError mutation={approve} />
        <div className="path-buttons">
          <button type="submit" className="button button-accent" disabled={approve.isPending}>{approve.isPending ? 'Approving...' : 'Approve and print'}</button>
          <button type="button" className="button button-secondary" disabled={approve.isPending} onClick={onClose}>Back</button>
        </div>
      </form>
    </Dialog>
  );
}

export function CancelRequest({ view }: { view: EliteRequestView }) {
  const [open, setOpen] = useState(false);
  const cancel = useEliteAction(view.id, (reason: string, key) => cancelEliteRequest(view.id, { reason }, key), () => setOpen(false));
  if (!view.actions.includes('cancel')) return null;
  return (
    <div className="elite-cancel">
      <button type="button" className="button button-secondary button-small" onClick={() => setOpen(true)}>Cancel request</button>
      {open && (
        <TextDialog
          id="cancel-request"
          title="Cancel the request"
          intro="Cancelling ends the request; it cannot be undone. Please tell us why."
          label="Reason"
          required
          maxLength={ELITE_LIMITS.reason}
          submit="Cancel request"
          pending="Cancelling..."
          danger
          mutation={cancel}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}

/** Shipped copies wait for the author's word that they arrived: "I received my books". */
export function ReceiptAction({ view }: { view: EliteRequestView }) {
  const confirm = useEliteAction(view.id, (_: undefined, key) => confirmEliteReceipt(view.id, key));
  if (!view.actions.includes('confirm_receipt')) return null;
  return (
    <div className="notice" role="status">
      <p>Your books have shipped{view.print_order?.carrier_name ? ` with ${view.print_order.carrier_name}` : ''}. Tell us when they arrive.</p>
      <ActionError mutation={confirm} />
      <button type="button" className="button button-accent button-small" disabled={confirm.isPending} onClick={() => confirm.mutate(undefined)}>
        {confirm.isPending ? 'Sending...' : 'I received my books'}
      </button>
    </div>
  );
}
