import type { EliteEventFacts } from '../libs/mail/elite-messages.ts';

/** The facts of one Elite event for the mail tests: a quote sent for "Bees & <b>cities</b>" (markup to escape), with what a test changes. */
export const eliteEventFacts = (changes: Partial<EliteEventFacts> = {}): EliteEventFacts => ({
  requestId: 'r-1',
  kind: 'quote_sent',
  by: 'team@example.com',
  note: null,
  step: null,
  topic: 'Bees & <b>cities</b>',
  authorName: 'Ada',
  authorEmail: 'ada@example.com',
  prepaid: false,
  refundDue: false,
  copies: 10,
  quote: { amountCents: 150_000, currency: 'usd', copies: 10, timeline: '3 weeks', includes: ['Editing', 'Cover'], message: 'Hi "Ada"', validUntil: new Date('2026-12-06T10:00:00Z') },
  payBy: null,
  cancelReason: null,
  proofRound: null,
  promise: null,
  tracking: null,
  requestUrl: 'https://pressroom.example/elite-requests/r-1',
  adminUrl: 'https://pressroom.example/admin/elite-requests/r-1/show',
  runUrl: 'https://temporal.example/namespaces/default/workflows/elite-r-1',
  ...changes,
});
