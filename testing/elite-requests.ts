// Elite Service requests set up as the API leaves them (an elite_requests row), and their `elite-<id>` runs driven
// straight through Temporal, for tests of the workflow with short durations.
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/core';
import type { WorkflowHandleWithFirstExecutionRunId } from '@temporalio/client';
import type { EliteRequestData } from '../libs/contracts/index.ts';
import { BookProject, createAccount, EliteRequest, EliteRequestEvent, PrintOrder, User } from '../libs/db/index.ts';
import { DEFAULT_POD_PACKAGE_ID, eliteWorkflowId, printOrderWorkflowId, type EliteActor, type EliteActorRole, type EliteEventKind, type EliteStatus } from '../libs/domain/index.ts';
import { actUpdate, elitePaidSignal, eliteStateQuery, type EliteActionPayload, type EliteInput, type EliteState } from '../workflows/elite/messages.ts';
import type { eliteRequestWorkflow } from '../workflows/elite/workflow.ts';
import { refreshSignal } from '../workflows/print-order/messages.ts';
import { eventually } from './index.ts';
import { orderReaching, TEST_ADDRESS, type PrintStack } from './print-orders.ts';

export type EliteHandle = WorkflowHandleWithFirstExecutionRunId<typeof eliteRequestWorkflow>;

/** A user made straight in the database (no sign-up mail), as an actor of `role`; `admin` makes them an admin too. */
export async function newEliteActor(orm: MikroORM, role: EliteActorRole, { admin = false } = {}): Promise<EliteActor> {
  const em = orm.em.fork();
  const email = `elite-${role}-${randomUUID()}@example.com`;
  const { user, profile } = await createAccount(em, { email, provider: 'email', emailVerified: true, fullName: role === 'author' ? 'Ada Writer' : 'Tess Team' });
  if (admin || role === 'team') profile.role = admin ? 'admin' : 'elite_team';
  await em.flush();
  return { id: user.id, email, role };
}

/** Inserts a request of `author` as the API stores it: about `bookProjectId`, or paid up front without a book. */
export async function insertEliteRequest(orm: MikroORM, author: EliteActor, { bookProjectId = null, prepaid = false }: { bookProjectId?: string | null; prepaid?: boolean } = {}): Promise<string> {
  const em = orm.em.fork();
  const book = bookProjectId ? await em.findOneOrFail(BookProject, { id: bookProjectId }) : null;
  const now = new Date();
  const requestData: EliteRequestData = {
    book_id: book?.id ?? null,
    book_title: book?.title ?? null,
    book_author: book?.author ?? null,
    book_idea: book?.bookIdea ?? null,
    book_created: book?.createdAt.toISOString() ?? null,
    pdf_available: book !== null,
    cover_available: book !== null,
    user_name: 'Ada Writer',
    user_email: author.email,
    user_phone: null,
    contact_method: 'email',
    preferred_timeline: '2-weeks',
    print_quantity: prepaid ? null : '10-25',
    budget_range: prepaid ? null : '500-1000',
    additional_requirements: null,
    request_date: now.toISOString(),
    dashboard_url: 'http://localhost/dashboard',
    book_pdf_url: null,
    book_cover_url: null,
  };
  const id = randomUUID();
  em.create(EliteRequest, {
    id,
    user: em.getReference(User, author.id),
    bookProject: book,
    prepaid,
    topic: book?.title ?? 'A memoir of the sea',
    contactMethod: 'email',
    preferredTimeline: '2-weeks',
    printQuantity: requestData.print_quantity,
    budgetRange: requestData.budget_range,
    userName: 'Ada Writer',
    userEmail: author.email,
    requestData,
    status: prepaid ? 'in_production' : 'received',
    createdAt: now,
    updatedAt: now,
  });
  await em.flush();
  return id;
}

/** Starts the request's run as the API does, with a test's durations and limits. */
export function startEliteRequest(stack: Pick<PrintStack, 'engine' | 'config'>, requestId: string, input: Omit<EliteInput, 'requestId'>, taskQueue = stack.config.TEMPORAL_TASK_QUEUE): Promise<EliteHandle> {
  return stack.engine.client.workflow.start<typeof eliteRequestWorkflow>('eliteRequestWorkflow', { workflowId: eliteWorkflowId(requestId), taskQueue, args: [{ requestId, ...input }] });
}

/** One action, as the API sends it: answers the state it left the request in. */
export const act = (handle: EliteHandle, actor: EliteActor, payload: EliteActionPayload) => handle.executeUpdate(actUpdate, { args: [{ ...payload, actor }] });

/** The request's timeline, oldest first. */
export const eliteEvents = (orm: MikroORM, requestId: string) => orm.em.fork().find(EliteRequestEvent, { request: requestId }, { orderBy: { at: 'asc', id: 'asc' } });

/** Waits for `count` events of `kind` on the request's timeline; fails (showing the timeline) when they do not come in time. */
export async function eventsOf(orm: MikroORM, requestId: string, kind: EliteEventKind, count = 1, timeoutMs = 30_000): Promise<EliteRequestEvent[]> {
  const all = await eventually(() => eliteEvents(orm, requestId), (events) => events.filter((e) => e.kind === kind).length >= count, timeoutMs);
  const found = all.filter((e) => e.kind === kind);
  if (found.length < count) throw new Error(`request ${requestId} has ${found.length} ${kind} events, not ${count}: ${all.map((e) => e.kind).join(', ')}`);
  return found;
}

/** The `nth` event of `kind` (the first by default), once it is on the timeline. */
export async function eventOf(orm: MikroORM, requestId: string, kind: EliteEventKind, nth = 1, timeoutMs?: number): Promise<EliteRequestEvent> {
  return (await eventsOf(orm, requestId, kind, nth, timeoutMs))[nth - 1] as EliteRequestEvent;
}

/** Waits for the run's state to reach `status`; fails (showing the state) when it does not in time. */
export async function stateReaching(handle: EliteHandle, status: EliteStatus, timeoutMs = 30_000): Promise<EliteState> {
  const state = await eventually(() => handle.query(eliteStateQuery), (s) => s.status === status, timeoutMs);
  if (state.status !== status) throw new Error(`request is ${state.status}, not ${status}: ${JSON.stringify(state)}`);
  return state;
}

export const TEST_QUOTE = { amountCents: 150_000, currency: 'usd', copies: 3, timeline: 'Two weeks from payment', includes: ['Editing', 'Cover design', 'Three bound copies'], message: 'Here is what we propose.' };

/** Quotes, accepts and pays (the payment workflow's signal, with the session the accepted quote opened). */
export async function quoteAndPay(orm: MikroORM, handle: EliteHandle, requestId: string, author: EliteActor, team: EliteActor): Promise<EliteState> {
  await act(handle, team, { action: 'send_quote', quote: TEST_QUOTE });
  await act(handle, author, { action: 'accept_quote' });
  const request = await orm.em.fork().findOneOrFail(EliteRequest, { id: requestId });
  await handle.signal(elitePaidSignal, { sessionId: request.stripeSessionId as string });
  return stateReaching(handle, 'in_production');
}

/**
 * Runs a paid request through production: editing, cover design, a proof with one round of changes, the author's
 * approval and printing, until the Lulu simulator ships it. `whilePrinting` runs once the print order is at the provider.
 */
export async function produceAndShip(stack: PrintStack, handle: EliteHandle, author: EliteActor, team: EliteActor, whilePrinting?: () => Promise<void>): Promise<EliteState> {
  for (const step of ['editing', 'cover_design'] as const) {
    await act(handle, team, { action: 'start_step', step });
    await act(handle, team, { action: 'finish_step', step, note: `${step} done` });
  }
  await act(handle, team, { action: 'send_proof', note: 'First proof' });
  await act(handle, author, { action: 'request_changes', comment: 'Please enlarge the title on the cover.' });
  await act(handle, team, { action: 'send_proof', note: 'Second proof' });
  await act(handle, author, { action: 'approve_proof', shippingAddress: TEST_ADDRESS });
  const printing = await act(handle, team, { action: 'start_printing', podPackageId: DEFAULT_POD_PACKAGE_ID, shippingLevel: 'MAIL' });
  const orderId = printing.printOrderId as string;
  // The run makes the order after the action is recorded.
  await eventually(() => stack.engine.deps.orm.em.fork().findOne(PrintOrder, { id: orderId }), (order) => order !== null);
  const submitted = await orderReaching(stack.engine.deps.orm, orderId, 'submitted', 60_000);
  await whilePrinting?.();
  stack.sim.setStatus(submitted.luluJobId as string, 'SHIPPED');
  await stack.engine.client.workflow.getHandle(printOrderWorkflowId(orderId)).signal(refreshSignal);
  return stateReaching(handle, 'shipped');
}
