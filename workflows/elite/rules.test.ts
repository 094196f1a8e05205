import { msToNumber } from '@temporalio/common/lib/time.js';
import { describe, expect, it } from 'vitest';
import {
  AddressMessages,
  DEFAULT_POD_PACKAGE_ID,
  ELITE_DURATIONS,
  EliteActRefusals,
  EliteRefusals,
  type EliteActor,
  type EliteDurationName,
  type EliteState,
  type ShippingAddress,
} from '../../libs/domain/index.ts';
import type { EliteActionPayload, EliteActRequest } from './messages.ts';
import { actRefusal, eliteWait, firstState, meetPromise, payloadProblem, productionPromises, promiseTimes, startProduction } from './rules.ts';

// The Elite workflow's pure rules, without Temporal: the refusals its `act` update answers with, where a request
// starts, its promises, and what each status waits for (the run itself: elite.integration.test.ts).

const ms = (name: EliteDurationName) => msToNumber(ELITE_DURATIONS[name]);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.parse('2026-11-28T12:00:00.000Z');
const team: EliteActor = { id: 'team-1', email: 'team@example.com', role: 'team' };
const author: EliteActor = { id: 'author-1', email: 'author@example.com', role: 'author' };
const QUOTE = { amountCents: 150_000, currency: 'usd', copies: 3, timeline: 'Two weeks', includes: ['Editing'], message: 'Here it is.' };
const ADDRESS: ShippingAddress = { name: 'Ada Author', address_line1: '1 Main St', city: 'London', postcode: 'SW1A 1AA', country: 'GB', phone: '+44 20 7946 0000' };

const received = (): EliteState => firstState({ prepaid: false, bookReady: true }, START, ms);
const producing = (patch: Partial<EliteState> = {}): EliteState => ({ ...firstState({ prepaid: true, bookReady: true }, START, ms), ...patch });
const by = (actor: EliteActor, payload: EliteActionPayload) => ({ ...payload, actor }) as EliteActRequest;

describe('firstState', () => {
  it('waits for the quote, promised within 24 hours of the start', () => {
    const state = received();
    expect(state).toMatchObject({ status: 'received', step: null, copies: null, proofRound: 0, bookReady: true, productionStartedAt: null, announced: false });
    expect(state.promises).toEqual([{ name: 'quote', dueAt: '2026-11-29T12:00:00.000Z', metAt: null, remindedAt: null, breachedAt: null }]);
  });

  it('starts a request paid up front in production at editing, with two copies and the production promises', () => {
    const state = firstState({ prepaid: true, bookReady: false }, START, ms);
    expect(state).toMatchObject({ status: 'in_production', step: 'editing', copies: 2, bookReady: false, productionStartedAt: '2026-11-28T12:00:00.000Z' });
    expect(state.promises.map((p) => [p.name, p.dueAt])).toEqual([
      ['first_chapters', '2026-11-30T12:00:00.000Z'],
      ['books', '2026-12-12T12:00:00.000Z'],
    ]);
  });
});

describe('promises', () => {
  it('are met once, late or not, and remind four hours before they are due', () => {
    const state = received();
    expect(meetPromise(state, 'quote', '2026-11-29T11:00:00.000Z')).toEqual({ dueAt: '2026-11-29T12:00:00.000Z', late: false });
    expect(meetPromise(state, 'quote', '2026-11-30T00:00:00.000Z')).toBeNull();
    expect(state.promises[0]?.metAt).toBe('2026-11-29T11:00:00.000Z');
    expect(meetPromise(state, 'books', '2026-11-29T11:00:00.000Z')).toBeNull();

    const late = received();
    expect(meetPromise(late, 'quote', '2026-11-29T12:00:00.001Z')).toEqual({ dueAt: '2026-11-29T12:00:00.000Z', late: true });
    expect(promiseTimes(late.promises[0] as EliteState['promises'][number], ms)).toEqual({ remindAt: START + DAY - 4 * HOUR, due: START + DAY });
  });

  it('start with production when the quote is paid, which takes its copies', () => {
    const state = { ...received(), status: 'awaiting_payment' as const, payBy: '2026-12-01T12:00:00.000Z', quote: { id: 'q1', amountCents: 150_000, currency: 'usd', copies: 3, validUntil: 'x' } };
    const paidAt = '2026-11-29T00:00:00.000Z';
    startProduction(state, 'cs_1', paidAt, productionPromises(Date.parse(paidAt), ms));
    expect(state).toMatchObject({ paidWith: 'cs_1', paidAt, payBy: null, step: 'editing', stepStarted: false, copies: 3, productionStartedAt: paidAt });
    expect(state.promises.map((p) => [p.name, p.dueAt])).toEqual([
      ['quote', '2026-11-29T12:00:00.000Z'],
      ['first_chapters', '2026-12-01T00:00:00.000Z'],
      ['books', '2026-12-13T00:00:00.000Z'],
    ]);
  });
});

describe('actRefusal', () => {
  it('refuses an action that does not name its actor, or an action it does not know', () => {
    expect(actRefusal({ action: 'assign' } as unknown as EliteActRequest, received(), false)).toBe(EliteActRefusals.actor);
    expect(actRefusal(by({ ...team, role: 'admin' } as unknown as EliteActor, { action: 'complete' }), received(), false)).toBe(EliteActRefusals.actor);
    expect(actRefusal(by({ ...team, email: ' ' }, { action: 'complete' }), received(), false)).toBe(EliteActRefusals.actor);
    expect(actRefusal(by(team, { action: 'fly' } as unknown as EliteActRequest), received(), false)).toBe('Unknown action: fly');
  });

  it("answers the role's refusal first, then the state's, then the rebuild's, then the payload's", () => {
    expect(actRefusal(by(author, { action: 'send_quote', quote: { ...QUOTE, amountCents: 1 } }), received(), false)).toBe(EliteRefusals.team);
    expect(actRefusal(by(team, { action: 'start_step', step: 'editing' }), received(), false)).toBe(EliteRefusals.notProduction);
    const proofing = producing({ step: 'proof' });
    expect(actRefusal(by(team, { action: 'send_proof' }), proofing, true)).toBe(EliteActRefusals.rebuilding);
    expect(actRefusal(by(team, { action: 'send_proof' }), proofing, false)).toBeNull();
    expect(actRefusal(by(team, { action: 'send_quote', quote: { ...QUOTE, copies: 0 } }), received(), false)).toBe(EliteActRefusals.copies);
    expect(actRefusal(by(team, { action: 'send_quote', quote: QUOTE }), received(), false)).toBeNull();
  });
});

describe('payloadProblem', () => {
  const state = { shippingAddress: null };
  const problem = (payload: EliteActionPayload, on: Pick<EliteState, 'shippingAddress'> = state) => payloadProblem(by(team, payload), on);

  it('wants a quote in whole cents from 1 to 100,000 USD, whole copies from 1 to 1000, and its words', () => {
    expect(problem({ action: 'send_quote', quote: { ...QUOTE, amountCents: 99 } })).toBe(EliteActRefusals.amount);
    expect(problem({ action: 'send_quote', quote: { ...QUOTE, amountCents: 10_000_001 } })).toBe(EliteActRefusals.amount);
    expect(problem({ action: 'send_quote', quote: { ...QUOTE, amountCents: 100.5 } })).toBe(EliteActRefusals.amount);
    expect(problem({ action: 'send_quote', quote: { ...QUOTE, amountCents: 10_000_000, copies: 1000 } })).toBeNull();
    expect(problem({ action: 'send_quote', quote: { ...QUOTE, copies: 1001 } })).toBe(EliteActRefusals.copies);
    expect(problem({ action: 'send_quote', quote: { ...QUOTE, includes: ['Editing', ' '] } })).toBe(EliteActRefusals.quoteText);
    expect(problem({ action: 'send_quote', quote: { ...QUOTE, message: '' } })).toBe(EliteActRefusals.quoteText);
    expect(problem({ action: 'send_quote' } as EliteActionPayload)).toBe(EliteActRefusals.amount);
  });

  it('wants an assignee, a reason, a comment and a named revision', () => {
    expect(problem({ action: 'assign', assignee: { id: 'x', email: '' } })).toBe(EliteActRefusals.assignee);
    expect(problem({ action: 'cancel', reason: '  ' })).toBe(EliteActRefusals.reason);
    expect(problem({ action: 'request_changes', comment: '' })).toBe(EliteActRefusals.comment);
    expect(problem({ action: 'upload_revision', revisionId: 'r1', filename: '' })).toBe(EliteActRefusals.revision);
    expect(problem({ action: 'upload_revision', revisionId: 'r1', filename: 'book.md' })).toBeNull();
    expect(problem({ action: 'complete' })).toBeNull();
  });

  it("checks the approval's shipping address with the print rules' words", () => {
    expect(problem({ action: 'approve_proof', shippingAddress: undefined as unknown as ShippingAddress })).toBe(EliteActRefusals.address);
    expect(problem({ action: 'approve_proof', shippingAddress: { ...ADDRESS, city: 3 } as unknown as ShippingAddress })).toBe(EliteActRefusals.address);
    expect(problem({ action: 'approve_proof', shippingAddress: { ...ADDRESS, city: ' ', phone: 'call me' } })).toBe(`${AddressMessages.city}. ${AddressMessages.phoneInvalid}`);
    expect(problem({ action: 'approve_proof', shippingAddress: ADDRESS })).toBeNull();
  });

  it('prints only to the approved address, with a known product and shipping level', () => {
    const printing = { action: 'start_printing' as const, podPackageId: DEFAULT_POD_PACKAGE_ID, shippingLevel: 'MAIL' as const };
    expect(problem(printing)).toBe(EliteActRefusals.noAddress);
    expect(problem(printing, { shippingAddress: ADDRESS })).toBeNull();
    expect(problem({ ...printing, podPackageId: 'nothing' }, { shippingAddress: ADDRESS })).toBe(EliteActRefusals.product);
    expect(problem({ ...printing, shippingLevel: 'DRONE' as 'MAIL' }, { shippingAddress: ADDRESS })).toBe(EliteActRefusals.product);
  });
});

describe('eliteWait', () => {
  it("waits for a quote until it is no longer valid, for a payment until its deadline, and closes 30 days after delivery", () => {
    const quote = { id: 'q1', amountCents: 1, currency: 'usd', copies: 1, validUntil: '2026-12-12T12:00:00.000Z' };
    expect(eliteWait({ ...received(), status: 'quoted', quote }, ms)).toEqual({ at: Date.parse(quote.validUntil), then: 'quote_expired' });
    expect(eliteWait({ ...received(), status: 'awaiting_payment', quote, payBy: '2026-12-01T12:00:00.000Z' }, ms)).toEqual({ at: Date.parse('2026-12-01T12:00:00.000Z'), then: 'payment_expired' });
    expect(eliteWait(producing({ status: 'delivered', deliveredAt: '2026-12-10T00:00:00.000Z' }), ms)).toEqual({ at: Date.parse('2027-01-09T00:00:00.000Z'), then: 'completed' });
  });

  it('reminds the author of a proof every 3 days, or as the input says; otherwise nothing falls due', () => {
    expect(eliteWait(producing({ step: 'proof', proof: 'awaiting_author' }), ms)).toEqual({ every: 3 * DAY, then: 'proof_reminder' });
    expect(eliteWait(producing({ step: 'proof', proof: 'awaiting_author' }), () => 2_000)).toEqual({ every: 2_000, then: 'proof_reminder' });
    expect(eliteWait(producing({ step: 'proof', proof: 'changes_requested' }), ms)).toBeNull();
    expect(eliteWait(received(), ms)).toBeNull();
    expect(eliteWait(producing({ status: 'printing' }), ms)).toBeNull();
    expect(eliteWait(producing({ status: 'cancelled' }), ms)).toBeNull();
  });
});

describe('shipped until received (issue 31)', () => {
  it('waits for the receipt 45 days after shipping, then closes the request as shipped', () => {
    expect(eliteWait(producing({ status: 'shipped', step: null, shippedAt: '2026-12-10T00:00:00.000Z' }), ms)).toEqual({ at: Date.parse('2027-01-24T00:00:00.000Z'), then: 'closed_shipped' });
  });

  it('lets only the author confirm receipt, and only once the books have shipped', () => {
    const receipt: EliteActRequest = { action: 'confirm_receipt', actor: author };
    expect(actRefusal(receipt, producing({ status: 'shipped', step: null }), false)).toBeNull();
    expect(actRefusal(receipt, producing({ status: 'printing', step: 'printing', stepStarted: true }), false)).toBe(EliteRefusals.receipt);
    expect(actRefusal({ ...receipt, actor: team }, producing({ status: 'shipped', step: null }), false)).toBe(EliteRefusals.author);
    // The team may still close a shipped request by hand.
    expect(actRefusal({ action: 'complete', actor: team }, producing({ status: 'shipped', step: null }), false)).toBeNull();
  });

  it('promises no first chapters for a book already written', () => {
    expect(productionPromises(START, ms, true).map((p) => p.name)).toEqual(['books']);
    expect(productionPromises(START, ms).map((p) => p.name)).toEqual(['first_chapters', 'books']);
  });
});
