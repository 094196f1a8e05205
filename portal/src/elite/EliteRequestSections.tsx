import { useState } from 'react';
import type { EliteProofView, EliteRequestView } from '../../../libs/contracts/index.ts';
import { ELITE_LIMITS, eliteOptionLabel, formatAmount } from '../../../libs/domain/index.ts';
import { saveFile } from '../components/BookDownloads.tsx';
import { StatusBadge } from '../components/StatusBadge.tsx';
import { addressLines, copies } from '../components/printFlow.ts';
import { acceptEliteQuote, declineEliteQuote, eliteCheckoutUrl, requestEliteChanges } from '../api/eliteRequests.ts';
import { currentProof, dateTime, eliteProgress, eventBy, eventText, PROMISE_STATE_LABELS, promiseState, proofFileName } from './eliteView.ts';
import { ActionError, ApproveDialog, TextDialog, useEliteAction } from './EliteRequestActions.tsx';
import { EliteAddressCorrection } from './EliteAddressCorrection.tsx';

// The parts of an Elite request page (/elite-requests/:id): its progress, quote, proofs, print orders, promises, history and details.

export function Progress({ view }: { view: EliteRequestView }) {
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

export function QuoteSection({ view }: { view: EliteRequestView }) {
  const [declining, setDeclining] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const accept = useEliteAction(view.id, (_: undefined, key) =>
    // The run may still be opening the checkout: its page's address then comes with the request's view.
    acceptEliteQuote(view.id, key).then(async ({ checkout_url }) => {
      const url = checkout_url ?? (await eliteCheckoutUrl(view.id));
      setRedirecting(true);
      window.location.assign(url);
    }),
  );
  const decline = useEliteAction(view.id, (reason: string, key) => declineEliteQuote(view.id, reason ? { reason } : {}, key), () => setDeclining(false));
  const { quote } = view;
  if (!quote) return null;
  return (
    <section className="card elite-section" id="quote" aria-labelledby="quote-title">
      <h2 id="quote-title">Your quote</h2>
      <dl className="summary">
        <dt>Amount</dt>
        <dd><strong>{formatAmount(quote.amount_cents, quote.currency)}</strong></dd>
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
              {accept.isPending || redirecting ? 'Opening the payment page...' : `Accept and pay ${formatAmount(quote.amount_cents, quote.currency)}`}
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

export function ProofSection({ view }: { view: EliteRequestView }) {
  const [dialog, setDialog] = useState<'approve' | 'changes' | null>(null);
  const changes = useEliteAction(view.id, (comment: string, key) => requestEliteChanges(view.id, { comment }, key), () => setDialog(null));
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

export function PrintSection({ view }: { view: EliteRequestView }) {
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
      <EliteAddressCorrection view={view} />
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

export function PromisesSection({ view }: { view: EliteRequestView }) {
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

export function DetailsSection({ view }: { view: EliteRequestView }) {
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

export function Timeline({ view }: { view: EliteRequestView }) {
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
