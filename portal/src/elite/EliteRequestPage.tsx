import { useMutation, useQuery, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { EliteProofView, EliteRequestView } from '../../../libs/contracts/index.ts';
import { ELITE_LIMITS, eliteOptionLabel, type ShippingAddress } from '../../../libs/domain/index.ts';
import { Dialog } from '../components/Dialog.tsx';
import { saveFile } from '../generator/BookDownloads.tsx';
import { Spinner } from '../layout/Spinner.tsx';
import { AddressForm } from '../print/AddressForm.tsx';
import { StatusBadge } from '../print/OrderConfirmation.tsx';
import { addressErrors, addressLines, addressRequest, copies, editAddress, emptyAddress, type AddressErrors } from '../print/printFlow.ts';
import { acceptEliteQuote, approveEliteProof, cancelEliteRequest, declineEliteQuote, fetchEliteRequest, requestEliteChanges } from './eliteApi.ts';
import { EliteStatusBadge, EliteTodo } from './EliteRequestsTab.tsx';
import {
  centsAsMoney,
  currentProof,
  dateTime,
  ELITE_TAB_PATH,
  eliteProgress,
  eliteRefetchInterval,
  EliteListMessages,
  eventBy,
  eventText,
  paymentBanner,
  PROMISE_STATE_LABELS,
  promiseState,
  proofFileName,
} from './eliteView.ts';
import { ALL_ELITE_REQUESTS, eliteRequestKey } from './useEliteRequests.ts';

/**
 * An action's mutation. The request as the action left it (the answer, when there is one) is shown at once, so a
 * closed dialog never uncovers the buttons of the step before; it is read again whatever the outcome (a refusal may
 * mean it moved meanwhile).
 */
function useEliteAction<V>(id: string, action: (variables: V) => Promise<EliteRequestView | void>, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    retry: false,
    onSuccess: async (answer) => {
      if (answer) {
        await queryClient.cancelQueries({ queryKey: eliteRequestKey(id) });
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
function ActionError({ mutation }: { mutation: { error: Error | null } }) {
  return mutation.error ? <p className="error-text" role="alert">{mutation.error.message}</p> : null;
}

/**
 * A dialog asking for a text before an action: the reason of a decline or a cancellation, the changes a proof needs.
 * `required` texts are checked before anything is sent.
 */
function TextDialog(props: {
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
function ApproveDialog({ view, onClose }: { view: EliteRequestView; onClose: () => void }) {
  const [address, setAddress] = useState<ShippingAddress>(emptyAddress);
  const [errors, setErrors] = useState<AddressErrors>({});
  const approve = useEliteAction(view.id, (shipping: ShippingAddress) => approveEliteProof(view.id, { shipping_address: shipping }), onClose);
  const send = (event: FormEvent) => {
    event.preventDefault();
    const problems = addressErrors(address);
    setErrors(problems);
    const first = Object.keys(problems)[0];
    if (first) return document.getElementById(`elite-address-${first}`)?.focus();
    approve.mutate(addressRequest(address));
  };
  return (
    <Dialog labelId="approve-proof-title" onClose={onClose} busy={approve.isPending} wide>
      <h3 id="approve-proof-title">Approve the proof</h3>
      <p>Your approval sends the book to print{view.copies ? ` (${copies(view.copies)})` : ''}. Where should the books go?</p>
      <form onSubmit={send} noValidate>
        <AddressForm
          idPrefix="elite-address"
          address={address}
          errors={errors}
          onEdit={(field, value) => {
            const next = editAddress(address, errors, field, value);
            setAddress(next.address);
            setErrors(next.errors);
          }}
        />
        <ActionError mutation={approve} />
        <div className="path-buttons">
          <button type="submit" className="button button-accent" disabled={approve.isPending}>{approve.isPending ? 'Approving...' : 'Approve and print'}</button>
          <button type="button" className="button button-secondary" disabled={approve.isPending} onClick={onClose}>Back</button>
        </div>
      </form>
    </Dialog>
  );
}

function Progress({ view }: { view: EliteRequestView }) {
  return (
    <ol className="elite-progress" aria-label="Progress">
      {eliteProgress(view).map((phase) => (
        <li key={phase.phase} className={`elite-phase elite-phase-${phase.state}`} aria-current={phase.state === 'current' ? 'step' : undefined}>
          <span aria-hidden="true">{phase.state === 'done' ? '✓' : phase.state === 'stopped' ? '✕' : '•'}</span> {phase.label}
          <span className="visually-hidden"> ({phase.state === 'upcoming' ? 'to come' : phase.state})</span>
        </li>
      ))}
    </ol>
  );
}

function QuoteSection({ view }: { view: EliteRequestView }) {
  const [declining, setDeclining] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const accept = useEliteAction(view.id, () =>
    acceptEliteQuote(view.id).then(({ checkout_url }) => {
      setRedirecting(true);
      window.location.assign(checkout_url);
    }),
  );
  const decline = useEliteAction(view.id, (reason: string) => declineEliteQuote(view.id, reason ? { reason } : {}), () => setDeclining(false));
  const { quote } = view;
  if (!quote) return null;
  return (
    <section className="card elite-section" id="quote" aria-labelledby="quote-title">
      <h2 id="quote-title">Your quote</h2>
      <dl className="summary">
        <dt>Amount</dt>
        <dd><strong>{centsAsMoney(quote.amount_cents, quote.currency)}</strong></dd>
        <dt>Copies</dt>
        <dd>{copies(quote.copies)}</dd>
        <dt>Timeline</dt>
        <dd>{quote.timeline}</dd>
        <dt>Sent</dt>
        <dd>{dateTime(quote.sent_at)}</dd>
        <dt>Valid until</dt>
        <dd>{dateTime(quote.valid_until)}</dd>
      </dl>
      {quote.includes.length > 0 && (
        <>
          <h3>Included</h3>
          <ul>
            {quote.includes.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </>
      )}
      {quote.message && <blockquote className="elite-message">{quote.message}</blockquote>}
      {view.status === 'awaiting_payment' && view.checkout_url && (
        <p>
          Quote accepted. <a className="button button-accent button-small" href={view.checkout_url}>Finish your payment</a>
          {view.pay_by && <span className="muted"> (by {dateTime(view.pay_by)})</span>}
        </p>
      )}
      {(view.actions.includes('accept_quote') || view.actions.includes('decline_quote')) && (
        <div className="path-buttons">
          {view.actions.includes('accept_quote') && (
            <button type="button" className="button button-accent" disabled={accept.isPending || redirecting} onClick={() => accept.mutate(undefined)}>
              {accept.isPending || redirecting ? 'Opening the payment page...' : `Accept and pay ${centsAsMoney(quote.amount_cents, quote.currency)}`}
            </button>
          )}
          {view.actions.includes('decline_quote') && (
            <button type="button" className="button button-secondary" disabled={accept.isPending || redirecting} onClick={() => setDeclining(true)}>Decline</button>
          )}
        </div>
      )}
      <ActionError mutation={accept} />
      {declining && (
        <TextDialog
          id="decline-quote"
          title="Decline the quote"
          intro="The request ends here. You may tell us why, so we can do better."
          label="Reason (optional)"
          required={false}
          maxLength={ELITE_LIMITS.reason}
          submit="Decline quote"
          pending="Declining..."
          danger
          mutation={decline}
          onClose={() => setDeclining(false)}
        />
      )}
    </section>
  );
}

function ProofRound({ proof, title }: { proof: EliteProofView; title: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'book' | 'cover' | null>(null);
  const download = (file: 'book' | 'cover', url: string) => {
    setBusy(file);
    setError(null);
    saveFile(url, proofFileName(title, proof.round, file))
      .catch((e: Error) => setError(`The ${file === 'book' ? 'PDF' : 'cover'} could not be downloaded: ${e.message}`))
      .finally(() => setBusy(null));
  };
  return (
    <li className="elite-proof" aria-label={`Proof round ${proof.round}`}>
      <div className="item-head">
        <strong>Round {proof.round}</strong>
        <span className="muted">sent {dateTime(proof.sent_at)}</span>
      </div>
      {proof.note && <p>{proof.note}</p>}
      <div className="book-actions">
        <button type="button" className="button button-secondary button-small" disabled={busy === 'book'} onClick={() => download('book', proof.pdf_url)}>
          {busy === 'book' ? 'Downloading…' : `Download proof PDF (round ${proof.round})`}
        </button>
        <button type="button" className="button button-secondary button-small" disabled={busy === 'cover'} onClick={() => download('cover', proof.cover_url)}>
          {busy === 'cover' ? 'Downloading…' : `Download cover (round ${proof.round})`}
        </button>
      </div>
      {error && <p className="error-text" role="alert">{error}</p>}
      {proof.decision === 'approved' && <p className="notice">Approved {proof.decided_at ? dateTime(proof.decided_at) : ''}</p>}
      {proof.decision === 'changes_requested' && (
        <p className="notice notice-warning">
          Changes requested {proof.decided_at ? dateTime(proof.decided_at) : ''}
          {proof.comment && (
            <>
              : <q>{proof.comment}</q>
            </>
          )}
        </p>
      )}
    </li>
  );
}

function ProofSection({ view }: { view: EliteRequestView }) {
  const [dialog, setDialog] = useState<'approve' | 'changes' | null>(null);
  const changes = useEliteAction(view.id, (comment: string) => requestEliteChanges(view.id, { comment }), () => setDialog(null));
  const waiting = currentProof(view);
  const title = view.book?.title ?? view.topic;
  if (view.proofs.length === 0) return null;
  return (
    <section className="card elite-section" id="proof" aria-labelledby="proof-title">
      <h2 id="proof-title">Proofs</h2>
      {waiting && <p>Round {waiting.round} waits for your review: download the PDF and the cover, then approve them or tell us what to change.</p>}
      {view.proof_state === 'changes_requested' && <p className="muted">Our team is working on your changes; a new proof follows.</p>}
      <ol className="elite-proofs">
        {view.proofs.map((proof) => (
          <ProofRound key={proof.round} proof={proof} title={title} />
        ))}
      </ol>
      {waiting && (view.actions.includes('approve_proof') || view.actions.includes('request_changes')) && (
        <div className="path-buttons">
          {view.actions.includes('approve_proof') && <button type="button" className="button button-accent" onClick={() => setDialog('approve')}>Approve proof</button>}
          {view.actions.includes('request_changes') && <button type="button" className="button button-secondary" onClick={() => setDialog('changes')}>Request changes</button>}
        </div>
      )}
      {dialog === 'approve' && <ApproveDialog view={view} onClose={() => setDialog(null)} />}
      {dialog === 'changes' && (
        <TextDialog
          id="request-changes"
          title="Request changes"
          intro={`Tell our team what to change in round ${waiting?.round ?? ''}; they send a new proof.`}
          label="What should change?"
          required
          maxLength={ELITE_LIMITS.comment}
          submit="Send my changes"
          pending="Sending..."
          mutation={changes}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}

function PrintSection({ view }: { view: EliteRequestView }) {
  const order = view.print_order;
  if (!order && !view.shipping_address) return null;
  return (
    <section className="card elite-section" aria-labelledby="print-title">
      <h2 id="print-title">Printing and delivery</h2>
      <dl className="summary">
        {order && (
          <>
            <dt>Print order</dt>
            <dd>
              <code>{order.id}</code> <StatusBadge status={order.order_status} />
            </dd>
            <dt>Quantity</dt>
            <dd>{copies(order.quantity)}</dd>
            {order.shipped_at && (
              <>
                <dt>Shipped</dt>
                <dd>{dateTime(order.shipped_at)}</dd>
              </>
            )}
          </>
        )}
        {view.shipping_address && (
          <>
            <dt>Ship to</dt>
            <dd>{addressLines(view.shipping_address).join(' · ')}</dd>
          </>
        )}
      </dl>
      {order && (order.tracking_id || order.tracking_urls.length > 0) && (
        <div className="notice" role="status">
          <strong>Package Shipped</strong>
          {order.tracking_id && <p>Tracking number: {order.tracking_id}{order.carrier_name ? ` (${order.carrier_name})` : ''}</p>}
          <p className="track-links">
            {order.tracking_urls.map((url, i) => (
              <a key={url} href={url} target="_blank" rel="noreferrer">Track Package{order.tracking_urls.length > 1 ? ` ${i + 1}` : ''}</a>
            ))}
          </p>
        </div>
      )}
    </section>
  );
}

function PromisesSection({ view }: { view: EliteRequestView }) {
  if (view.promises.length === 0) return null;
  const now = new Date();
  return (
    <section className="card elite-section" aria-labelledby="promises-title">
      <h2 id="promises-title">Our promises</h2>
      <ul className="elite-promises">
        {view.promises.map((promise) => {
          const state = promiseState(promise, now);
          return (
            <li key={promise.name} className={`elite-promise elite-promise-${state}`}>
              <span>{promise.label}</span>
              <span className={`status tone-${state === 'met' ? 'green' : state === 'due' ? 'blue' : state === 'met_late' ? 'yellow' : 'red'}`}>{PROMISE_STATE_LABELS[state]}</span>
              <span className="muted">
                {promise.met_at ? `kept ${dateTime(promise.met_at)}` : `due ${dateTime(promise.due_at)}`}
                {promise.breached_at && ` · missed ${dateTime(promise.breached_at)}`}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function DetailsSection({ view }: { view: EliteRequestView }) {
  return (
    <section className="card elite-section" aria-labelledby="details-title">
      <h2 id="details-title">Your request</h2>
      <dl className="summary">
        {view.book && (
          <>
            <dt>Book</dt>
            <dd>{view.book.title} by {view.book.author}</dd>
          </>
        )}
        <dt>Contact</dt>
        <dd>
          {view.user_name && view.user_name !== view.user_email ? `${view.user_name} · ` : ''}
          {view.user_email}
          {view.user_phone ? ` · ${view.user_phone}` : ''} ({eliteOptionLabel('contact_method', view.contact_method)})
        </dd>
        {view.preferred_timeline && (
          <>
            <dt>Timeline</dt>
            <dd>{eliteOptionLabel('preferred_timeline', view.preferred_timeline)}</dd>
          </>
        )}
        {view.print_quantity && (
          <>
            <dt>Print quantity</dt>
            <dd>{eliteOptionLabel('print_quantity', view.print_quantity)}</dd>
          </>
        )}
        {view.budget_range && (
          <>
            <dt>Budget</dt>
            <dd>{eliteOptionLabel('budget_range', view.budget_range)}</dd>
          </>
        )}
        {view.additional_requirements && (
          <>
            <dt>Notes</dt>
            <dd className="prewrap">{view.additional_requirements}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

function Timeline({ view }: { view: EliteRequestView }) {
  return (
    <section className="card elite-section" aria-labelledby="timeline-title">
      <h2 id="timeline-title">Timeline</h2>
      <ol className="elite-timeline">
        {view.timeline.map((event) => (
          <li key={event.id} className={`elite-event elite-event-${event.kind}`}>
            <strong>{eventText(event)}</strong>
            <span className="muted">
              {' '}
              · <time dateTime={event.at}>{dateTime(event.at)}</time> · {eventBy(event.by, view.user_email)}
            </span>
            {event.note && event.note !== event.by && <p className="prewrap">{event.note}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

function CancelRequest({ view }: { view: EliteRequestView }) {
  const [open, setOpen] = useState(false);
  const cancel = useEliteAction(view.id, (reason: string) => cancelEliteRequest(view.id, { reason }), () => setOpen(false));
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

function RequestBody({ view, paid }: { view: EliteRequestView; paid: boolean }) {
  const banner = paymentBanner(view.status, paid);
  return (
    <>
      <div className="item-head elite-head">
        <div>
          <h1>{view.topic}</h1>
          <p className="muted">Elite Service request · {new Date(view.created_at).toLocaleDateString()}</p>
        </div>
        <div className="badges">
          <EliteStatusBadge status={view.status} />
          {view.sla_breached && <span className="status tone-red">Promise missed</span>}
        </div>
      </div>
      {banner === 'confirming' && (
        <p className="notice" role="status">{EliteListMessages.confirming}</p>
      )}
      {banner === 'confirmed' && <p className="notice" role="status">{EliteListMessages.confirmed}</p>}
      <Progress view={view} />
      {banner !== 'confirming' && <EliteTodo view={view} />}
      {view.status === 'cancelled' && <p className="error-banner">This request was cancelled{view.cancel_reason ? `: ${view.cancel_reason}` : '.'}</p>}
      {view.status === 'declined' && <p className="error-banner">You declined the quote{view.cancel_reason ? `: ${view.cancel_reason}` : '.'}</p>}
      {view.status === 'expired' && <p className="error-banner">This request expired: its quote was not accepted or paid in time. Write to us to open a new one.</p>}
      {view.status === 'delivered' && <p className="notice">Your books have been delivered. Enjoy them!</p>}
      {/* What is in hand comes first: the proofs and the print order, then the quote that started production. */}
      <ProofSection view={view} />
      <PrintSection view={view} />
      <QuoteSection view={view} />
      <PromisesSection view={view} />
      <Timeline view={view} />
      <DetailsSection view={view} />
      <CancelRequest view={view} />
    </>
  );
}

/** /elite-requests/:id: one request as its author follows it, with the decisions that are theirs to make. */
export function EliteRequestPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const paid = params.get('paid') === '1' || params.has('session_id');
  const request = useQuery({
    queryKey: eliteRequestKey(id),
    queryFn: () => fetchEliteRequest(id),
    refetchInterval: (query) => eliteRefetchInterval(query.state.data, paid),
    staleTime: 0,
  });

  return (
    <div className="page">
      <header className="dashboard-header">
        <Link className="brand" to="/">Pressroom</Link>
        <Link to={ELITE_TAB_PATH}>← My Elite Service requests</Link>
      </header>
      <main id="main" className="dashboard elite-page">
        {request.isPending ? (
          <Spinner label="Loading your request…" />
        ) : request.isError ? (
          <div className="empty-state" role="alert">
            <p className="error-text">{request.error.message || EliteListMessages.loadOneFailed}</p>
            <div className="path-buttons center">
              <button type="button" className="button" onClick={() => void request.refetch()}>Try Again</button>
              <Link className="button button-secondary" to={ELITE_TAB_PATH}>Back to the dashboard</Link>
            </div>
          </div>
        ) : (
          <RequestBody view={request.data} paid={paid} />
        )}
      </main>
    </div>
  );
}
