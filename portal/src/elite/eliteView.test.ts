import { describe, expect, it } from 'vitest';
import type { EliteProofView, EliteQuoteView } from '../../../libs/contracts/index.ts';
import { EliteMessages, type EliteAction, type EliteStatus, type EliteStep } from '../../../libs/domain/index.ts';
import { ApiError } from '../api/client.ts';
import {
  currentProof,
  ELITE_PAYMENT_REFRESH_MS,
  ELITE_REFRESH_MS,
  eliteGuard,
  eliteListRefetchInterval,
  eliteProgress,
  eliteRefetchInterval,
  eliteRequestBody,
  eliteStatusTone,
  eliteSubmitError,
  eliteTodo,
  emptyEliteForm,
  eventBy,
  eventText,
  paymentBanner,
  promiseState,
  proofFileName,
} from './eliteView.ts';

const quote = (status: EliteQuoteView['status']) => ({ status }) as EliteQuoteView;
const view = (fields: { status: EliteStatus; step?: EliteStep | null; prepaid?: boolean; quote?: EliteQuoteView | null }) => ({ step: null, prepaid: false, quote: null, ...fields });
const states = (fields: Parameters<typeof view>[0]) => Object.fromEntries(eliteProgress(view(fields)).map((phase) => [phase.phase, phase.state]));

describe('the request modal', () => {
  it('starts every select at its §5 default', () => {
    expect(emptyEliteForm()).toEqual({
      contact_method: 'email',
      preferred_timeline: '2-weeks',
      print_quantity: '10-25',
      budget_range: '500-1000',
      additional_requirements: '',
      user_name: '',
      user_phone: '',
    });
  });

  it('sends the choices with the book, trimmed, leaving out the optional fields left empty', () => {
    expect(eliteRequestBody('b1', { ...emptyEliteForm(), additional_requirements: '  ', user_name: ' ', user_phone: '' })).toEqual({
      book_id: 'b1',
      contact_method: 'email',
      preferred_timeline: '2-weeks',
      print_quantity: '10-25',
      budget_range: '500-1000',
    });
    expect(eliteRequestBody('b1', { ...emptyEliteForm(), contact_method: 'both', additional_requirements: ' Hardcover please ', user_name: ' Ada ', user_phone: '+1 555 0100 ' })).toMatchObject({
      contact_method: 'both',
      additional_requirements: 'Hardcover please',
      user_name: 'Ada',
      user_phone: '+1 555 0100',
    });
  });

  it('refuses a signed-out visitor, then an account without an e-mail address, before sending', () => {
    expect(eliteGuard({ signedIn: false, email: 'a@example.com' })).toBe(EliteMessages.notLoggedIn);
    expect(eliteGuard({ signedIn: true, email: null })).toBe(EliteMessages.noEmail);
    expect(eliteGuard({ signedIn: true, email: '  ' })).toBe(EliteMessages.noEmail);
    expect(eliteGuard({ signedIn: true, email: 'a@example.com' })).toBeNull();
  });

  it('shows the server’s refusal, and the spec’s message for anything else', () => {
    expect(eliteSubmitError(new ApiError(409, EliteMessages.alreadyOpen))).toBe(EliteMessages.alreadyOpen);
    expect(eliteSubmitError(new ApiError(503, EliteMessages.unavailable))).toBe(EliteMessages.unavailable);
    expect(eliteSubmitError(new ApiError(500, 'Internal server error'))).toBe(EliteMessages.failed);
    expect(eliteSubmitError(new ApiError(0, 'Network error'))).toBe(EliteMessages.failed);
    expect(eliteSubmitError(new TypeError('boom'))).toBe(EliteMessages.failed);
  });
});

describe('a request’s progress', () => {
  it('waits for the quote once received, then for the payment', () => {
    expect(states({ status: 'received' })).toMatchObject({ received: 'done', quote: 'current', payment: 'upcoming', editing: 'upcoming', delivered: 'upcoming' });
    expect(states({ status: 'quoted', quote: quote('open') })).toMatchObject({ quote: 'current', payment: 'upcoming' });
    expect(states({ status: 'awaiting_payment', quote: quote('accepted') })).toMatchObject({ quote: 'done', payment: 'current' });
  });

  it('follows the production steps in order, then delivery', () => {
    expect(states({ status: 'in_production', step: 'cover_design' })).toMatchObject({ payment: 'done', editing: 'done', cover_design: 'current', proof: 'upcoming' });
    expect(states({ status: 'printing', step: 'printing' })).toMatchObject({ proof: 'done', printing: 'current', shipped: 'upcoming', delivered: 'upcoming' });
    // Shipped is not delivered: delivery waits for the author's word.
    expect(states({ status: 'shipped', step: null })).toMatchObject({ printing: 'done', shipped: 'current', delivered: 'upcoming' });
    expect(Object.values(states({ status: 'delivered', step: 'printing' }))).toEqual(Array(9).fill('done'));
    expect(Object.values(states({ status: 'completed', step: null }))).toEqual(Array(9).fill('done'));
  });

  it('has no quote or payment for a request paid up front', () => {
    expect(eliteProgress(view({ status: 'in_production', step: 'editing', prepaid: true })).map((p) => [p.phase, p.state])).toEqual([
      ['received', 'done'],
      ['editing', 'current'],
      ['cover_design', 'upcoming'],
      ['proof', 'upcoming'],
      ['printing', 'upcoming'],
      ['shipped', 'upcoming'],
      ['delivered', 'upcoming'],
    ]);
  });

  it('shows where a request that ended early stopped', () => {
    expect(states({ status: 'declined', quote: quote('declined') })).toMatchObject({ quote: 'stopped', payment: 'upcoming' });
    expect(states({ status: 'expired', quote: quote('accepted') })).toMatchObject({ quote: 'done', payment: 'stopped' });
    expect(states({ status: 'cancelled', step: 'proof' })).toMatchObject({ cover_design: 'done', proof: 'stopped', printing: 'upcoming' });
    expect(states({ status: 'cancelled' })).toMatchObject({ received: 'done', quote: 'stopped' });
  });
});

describe('what the author has to do', () => {
  const todo = (status: EliteStatus, actions: EliteAction[], checkout_url: string | null = null) => eliteTodo({ status, actions, checkout_url })?.kind ?? null;

  it('is a quote to decide, a payment to finish or a proof to review, from the view’s actions', () => {
    expect(todo('quoted', ['accept_quote', 'decline_quote', 'cancel'])).toBe('quote');
    expect(todo('awaiting_payment', ['cancel'], 'http://pay.example/1')).toBe('payment');
    expect(todo('in_production', ['approve_proof', 'request_changes', 'cancel'])).toBe('proof');
  });

  it('is nothing while the team works, or when the buttons are not the author’s to press', () => {
    expect(todo('received', ['cancel'])).toBeNull();
    expect(todo('awaiting_payment', ['cancel'])).toBeNull();
    expect(todo('in_production', ['cancel'])).toBeNull();
    expect(todo('delivered', [])).toBeNull();
  });

  it('reviews the newest proof round with no decision, only while it waits for the author', () => {
    const round = (n: number, decision: EliteProofView['decision']) => ({ round: n, decision }) as EliteProofView;
    const proofs = [round(1, 'changes_requested'), round(2, null)];
    expect(currentProof({ proof_state: 'awaiting_author', proofs })?.round).toBe(2);
    expect(currentProof({ proof_state: 'changes_requested', proofs: [round(1, 'changes_requested')] })).toBeNull();
    expect(currentProof({ proof_state: null, proofs: [round(1, 'approved')] })).toBeNull();
  });
});

describe('looking again', () => {
  it('polls an open request, faster while a payment is confirmed, and stops once nothing can move', () => {
    expect(eliteRefetchInterval(undefined, false)).toBe(false);
    expect(eliteRefetchInterval({ status: 'in_production' }, false)).toBe(ELITE_REFRESH_MS);
    expect(eliteRefetchInterval({ status: 'awaiting_payment' }, true)).toBe(ELITE_PAYMENT_REFRESH_MS);
    expect(eliteRefetchInterval({ status: 'in_production' }, true)).toBe(ELITE_REFRESH_MS);
    for (const status of ['delivered', 'completed', 'declined', 'expired', 'cancelled'] as const) expect(eliteRefetchInterval({ status }, true)).toBe(false);
  });

  it('polls the dashboard list while any request is in flight', () => {
    expect(eliteListRefetchInterval(undefined)).toBe(false);
    expect(eliteListRefetchInterval([{ status: 'completed' }, { status: 'delivered' }])).toBe(false);
    expect(eliteListRefetchInterval([{ status: 'completed' }, { status: 'received' }])).toBe(ELITE_REFRESH_MS);
  });

  it('confirms a payment until the request moves into production, and says so while it is there', () => {
    expect(paymentBanner('awaiting_payment', true)).toBe('confirming');
    expect(paymentBanner('in_production', true)).toBe('confirmed');
    expect(paymentBanner('in_production', false)).toBeNull();
    // Once the books are on their way, the payment is old news; an expired request was never paid.
    expect(paymentBanner('delivered', true)).toBeNull();
    expect(paymentBanner('expired', true)).toBeNull();
  });
});

describe('how a request reads', () => {
  it('names each event, with its production step', () => {
    expect(eventText({ kind: 'quote_sent', step: null })).toBe('Quote sent');
    expect(eventText({ kind: 'step_started', step: 'cover_design' })).toBe('Cover design: started');
    expect(eventText({ kind: 'step_finished', step: 'editing' })).toBe('Editing: finished');
    expect(eventBy(null, 'ada@example.com')).toBe('Pressroom');
    expect(eventBy('Ada@Example.com', 'ada@example.com')).toBe('You');
    expect(eventBy('team@example.com', 'ada@example.com')).toBe('team@example.com');
  });

  it('tells a kept promise from a missed, overdue or pending one', () => {
    const now = new Date('2026-01-02T12:00:00Z');
    const due = '2026-01-02T10:00:00Z';
    expect(promiseState({ due_at: due, met_at: '2026-01-02T09:00:00Z', breached_at: null }, now)).toBe('met');
    expect(promiseState({ due_at: due, met_at: '2026-01-02T11:00:00Z', breached_at: due }, now)).toBe('met_late');
    expect(promiseState({ due_at: due, met_at: null, breached_at: due }, now)).toBe('breached');
    expect(promiseState({ due_at: due, met_at: null, breached_at: null }, now)).toBe('overdue');
    expect(promiseState({ due_at: '2026-01-03T00:00:00Z', met_at: null, breached_at: null }, now)).toBe('due');
  });

  it('names proof files and badge colours', () => {
    expect(proofFileName('Trust at a Distance', 2, 'cover')).toBe('Trust_at_a_Distance_proof_2_cover.pdf');
    expect(['quoted', 'in_production', 'delivered', 'completed', 'declined'].map((s) => eliteStatusTone(s as EliteStatus))).toEqual(['yellow', 'blue', 'green', 'dark-green', 'red']);
  });
});
