// The author's Elite forms as the portal sends them and the team's quote as the back office sends it, for the API's
// tests of Elite requests (the workflow's own tests drive runs straight through Temporal: elite-requests.ts).
import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import { ELITE_SELECTS, eliteWorkflowId } from '../libs/domain/index.ts';
import { actUpdate } from '../workflows/elite/messages.ts';

/** The modal on a completed book (POST /api/elite-requests): its four selects at their preselected defaults, and notes. */
export const eliteRequestForm = (bookId: string, overrides: Record<string, unknown> = {}) => ({
  book_id: bookId,
  contact_method: ELITE_SELECTS.contact_method.default,
  preferred_timeline: ELITE_SELECTS.preferred_timeline.default,
  print_quantity: ELITE_SELECTS.print_quantity.default,
  budget_range: ELITE_SELECTS.budget_range.default,
  additional_requirements: 'Hardcover, please.',
  ...overrides,
});

/** The project details sent on /success after a 499 USD purchase (POST /api/elite/project-details). */
export const eliteProjectDetailsForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'Grace Author',
  email: `elite-${randomUUID()}@example.com`,
  bookTopic: `Clinical trials explained ${randomUUID().slice(0, 8)}`,
  bookDescription: 'A plain-language guide to how clinical trials work.',
  timeline: 'Within a month',
  additionalNotes: 'Two bound copies to our office, please.',
  ...overrides,
});

/** The team's quote, sent to the request's run as the back office sends it. */
export async function sendEliteQuote(client: Client, requestId: string): Promise<void> {
  const team = { id: randomUUID(), email: `team-${randomUUID()}@example.com`, role: 'team' as const };
  const quote = { amountCents: 180_000, currency: 'usd', copies: 25, timeline: 'Three weeks', includes: ['Editing', 'Cover design'], message: 'Here is our quote.' };
  await client.workflow.getHandle(eliteWorkflowId(requestId)).executeUpdate(actUpdate, { args: [{ actor: team, action: 'send_quote', quote }] });
}

/** Ends the runs still open on a test file's own task queue (an Elite request waits for the team for days). */
export async function endRunsOn(client: Client, taskQueue: string): Promise<void> {
  const runs = client.workflow.list({ query: `TaskQueue = '${taskQueue}' AND ExecutionStatus = 'Running'` });
  for await (const run of runs) await client.workflow.getHandle(run.workflowId, run.runId).terminate('the test file ended').catch(() => undefined);
}
