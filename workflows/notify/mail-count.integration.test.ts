import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { EliteRequest, MailDigestItem, PrintOrder } from '../../libs/db/index.ts';
import { DEFAULT_POD_PACKAGE_ID, digestSubject, printOrderWorkflowId, type MailPreferences } from '../../libs/domain/index.ts';
import { ensureDigestSchedule } from '../../apps/worker/src/digest-schedule.ts';
import { act, eliteEvents, insertEliteRequest, newEliteActor, quoteAndPay, startEliteRequest, stateReaching } from '../../testing/elite-requests.ts';
import { eventually } from '../../testing/index.ts';
import { mailTo, type CaughtMail } from '../../testing/mail-inbox.ts';
import { insertPrintOrder, newAuthor, orderReaching, printStackForFile, startPrintOrder, TEST_ADDRESS } from '../../testing/print-orders.ts';
import { insertSavedBook } from '../../testing/saved-books.ts';
import { sql } from '../../testing/sql.ts';
import { paidSignal, refreshSignal } from '../print-order/messages.ts';
import { mailDigestWorkflow } from './digest.ts';

// How much mail one print order and one Elite request send, counted in the mail catcher, with each choice of the
// mail preferences (libs/domain/mail-preferences.ts): must-know mail at once, the progress at once, in one digest or not at all.
const stack = printStackForFile('mail-count');
const orm = () => stack.engine.deps.orm;
const schedules: string[] = [];
afterAll(async () => {
  for (const id of schedules) await stack.engine.client.schedule.getHandle(id).delete().catch(() => undefined);
});

async function choose(userId: string, choices: Partial<MailPreferences>): Promise<void> {
  await sql(stack.config.DATABASE_URL, `insert into mail_preferences (user_id, choices, updated_at) values ($1, $2, now())`, [userId, JSON.stringify(choices)]);
}

const subjects = async (address: string) => (await mailTo(address)).map((m) => m.subject).sort();
const digestsTo = async (address: string): Promise<CaughtMail[]> => (await mailTo(address)).filter((m) => m.subject.startsWith('Your Pressroom digest'));

/** One round of digests for these people, as the schedule runs it. */
const digest = (userIds: string[]) =>
  stack.engine.client.workflow.execute(mailDigestWorkflow, { workflowId: `mail-digest-test-${randomUUID()}`, taskQueue: stack.config.TEMPORAL_TASK_QUEUE, args: [{ userIds }] });

/** An order of 10 copies from its payment request to shipped at the simulator; answers once its run (and its mail) ended. */
async function printOrderToShipped(choices: Partial<MailPreferences> | null) {
  const author = await newAuthor(orm());
  if (choices) await choose(author.id, choices);
  const orderId = await insertPrintOrder(stack.engine.deps, { userId: author.id, contactEmail: author.email });
  const handle = await startPrintOrder(stack, orderId);
  const unpaid = await orderReaching(orm(), orderId, 'unpaid');
  // Paid at once from the checkout: the payment request (mailed only to an order still unpaid after a while) is not sent.
  await handle.signal(paidSignal, { sessionId: unpaid.stripeSessionId as string });
  const submitted = await orderReaching(orm(), orderId, 'submitted', 60_000);
  for (const [lulu, status] of [['PRODUCTION_READY', 'processing'], ['IN_PRODUCTION', 'production'], ['SHIPPED', 'shipped']] as const) {
    stack.sim.setStatus(submitted.luluJobId as string, lulu);
    await stack.engine.client.workflow.getHandle(printOrderWorkflowId(orderId)).signal(refreshSignal);
    await orderReaching(orm(), orderId, status);
  }
  expect(await handle.result()).toEqual({ status: 'shipped' });
  return { author, orderId };
}

const ORDER = (news: string) => `Your print order of The Tested Book ${news}`;
const PRINT_MUST_KNOW = [ORDER('has shipped')];
const PRINT_PROGRESS = ['is paid', 'is at the printer', 'is being prepared', 'is being printed'].map(ORDER).sort();

describe('mail for one print order', () => {
  it('sends the shipment with its tracking at once and the progress in one daily digest (default), all at once, or leaves the progress out', async () => {
    const [byDefault, atOnce, off] = await Promise.all([printOrderToShipped(null), printOrderToShipped({ print_progress: 'now' }), printOrderToShipped({ print_progress: 'off' })]);
    expect(await subjects(byDefault.author.email)).toEqual(PRINT_MUST_KNOW);
    expect(await subjects(atOnce.author.email)).toEqual([...PRINT_MUST_KNOW, ...PRINT_PROGRESS].sort());
    expect(await subjects(off.author.email)).toEqual(PRINT_MUST_KNOW);

    // The digest schedule, its interval shortened: the default author gets one digest with the four pieces of news.
    const scheduleId = `mail-digests-test-${randomUUID()}`;
    schedules.push(scheduleId);
    const people = [byDefault, atOnce, off].map((run) => run.author.id);
    await ensureDigestSchedule(stack.engine.client, { scheduleId, everySeconds: 1, taskQueue: stack.config.TEMPORAL_TASK_QUEUE, input: { userIds: people } });
    const [sent] = await eventually(() => digestsTo(byDefault.author.email), (found) => found.length > 0, 30_000);
    expect(sent?.subject).toBe(digestSubject(4));
    for (const subject of PRINT_PROGRESS) expect(sent?.text).toContain(subject);
    expect(await orm().em.fork().count(MailDigestItem, { user: byDefault.author.id, sentAt: null })).toBe(0);
    // Later rounds find nothing kept: the digest arrived once, and nobody else got one.
    await eventually(
      () => stack.engine.client.schedule.getHandle(scheduleId).describe(),
      (schedule) => schedule.info.recentActions.length >= 3,
      30_000,
    );
    expect(await digestsTo(byDefault.author.email)).toHaveLength(1);
    expect(await subjects(byDefault.author.email)).toHaveLength(2);
    expect(await subjects(atOnce.author.email)).toHaveLength(5);
    expect(await subjects(off.author.email)).toHaveLength(1);
    expect(await orm().em.fork().count(PrintOrder, { id: byDefault.orderId, orderStatus: 'shipped' })).toBe(1);
  }, 180_000);
});

/** One request on a completed book from submission to shipped and completed, with its author's and team member's choices. */
async function eliteRequestToShipped(author: Partial<MailPreferences> | null, team: Partial<MailPreferences> | null) {
  const writer = await newEliteActor(orm(), 'author');
  const member = await newEliteActor(orm(), 'team');
  if (author) await choose(writer.id, author);
  if (team) await choose(member.id, team);
  const requestId = await insertEliteRequest(orm(), writer, { bookProjectId: await insertSavedBook(stack.engine.deps, writer.id) });
  const handle = await startEliteRequest(stack, requestId, { prepaid: false, bookReady: true });
  await act(handle, member, { action: 'assign', assignee: { id: member.id, email: member.email } });
  await quoteAndPay(orm(), handle, requestId, writer, member);
  for (const step of ['editing', 'cover_design'] as const) {
    await act(handle, member, { action: 'start_step', step });
    await act(handle, member, { action: 'finish_step', step });
  }
  await act(handle, member, { action: 'send_proof', note: 'First proof' });
  await act(handle, writer, { action: 'request_changes', comment: 'Please enlarge the title on the cover.' });
  await act(handle, member, { action: 'send_proof', note: 'Second proof' });
  await act(handle, writer, { action: 'approve_proof', shippingAddress: TEST_ADDRESS });
  const printing = await act(handle, member, { action: 'start_printing', podPackageId: DEFAULT_POD_PACKAGE_ID, shippingLevel: 'MAIL' });
  const orderId = printing.printOrderId as string;
  await eventually(() => orm().em.fork().findOne(PrintOrder, { id: orderId }), (order) => order !== null);
  const submitted = await orderReaching(orm(), orderId, 'submitted', 60_000);
  stack.sim.setStatus(submitted.luluJobId as string, 'SHIPPED');
  await stack.engine.client.workflow.getHandle(printOrderWorkflowId(orderId)).signal(refreshSignal);
  await stateReaching(handle, 'shipped', 60_000);
  await act(handle, member, { action: 'complete' });
  // The run ends once every write and mail of its timeline is done.
  expect(await handle.result()).toEqual({ status: 'completed' });
  expect((await eliteEvents(orm(), requestId)).map((e) => e.kind)).toContain('shipped');
  const { topic } = await orm().em.fork().findOneOrFail(EliteRequest, { id: requestId });
  return { writer, member, requestId, topic };
}

const AUTHOR_MUST_KNOW = (topic: string) =>
  [`We received your Elite Service request: ${topic}`, `Your Elite Service quote: ${topic}`, `Your proof is ready to review: ${topic}`, `Your proof is ready to review: ${topic}`, `Your books have shipped: ${topic}`].sort();
const AUTHOR_PROGRESS = (topic: string) =>
  [
    `Payment received: production of ${topic} begins`,
    `Editing has started: ${topic}`,
    `Editing is finished: ${topic}`,
    `Cover design has started: ${topic}`,
    `Cover design is finished: ${topic}`,
    `Your books are being printed: ${topic}`,
    `Your Elite Service request is complete: ${topic}`,
  ].sort();
const TEAM_NEWS = ['accepted the quote', 'Elite quote paid', 'Changes requested on the proof', 'Proof approved'];

describe('mail for one Elite request', () => {
  it("says each thing once: must-know mail at once, the author's progress in a digest by default, the team's as each member chose", async () => {
    const [byDefault, atOnce, off] = await Promise.all([
      eliteRequestToShipped(null, null),
      eliteRequestToShipped({ elite_progress: 'now' }, { elite_team: 'digest' }),
      eliteRequestToShipped({ elite_progress: 'off' }, { elite_team: 'off' }),
    ]);
    const { topic } = byDefault;
    // No digest yet: at once only.
    expect(await subjects(byDefault.writer.email)).toEqual(AUTHOR_MUST_KNOW(topic));
    expect(await subjects(atOnce.writer.email)).toEqual([...AUTHOR_MUST_KNOW(topic), ...AUTHOR_PROGRESS(topic)].sort());
    expect(await subjects(off.writer.email)).toEqual(AUTHOR_MUST_KNOW(topic));
    const teamDefault = await subjects(byDefault.member.email);
    expect(teamDefault).toHaveLength(TEAM_NEWS.length);
    for (const news of TEAM_NEWS) expect(teamDefault.some((s) => s.includes(news))).toBe(true);
    expect(await subjects(atOnce.member.email)).toEqual([]);
    expect(await subjects(off.member.email)).toEqual([]);

    const people = [byDefault, atOnce, off].flatMap((run) => [run.writer.id, run.member.id]);
    expect(await digest(people)).toEqual({ digests: 2, items: AUTHOR_PROGRESS(topic).length + TEAM_NEWS.length });
    const [authorDigest] = await eventually(() => digestsTo(byDefault.writer.email), (found) => found.length > 0, 15_000);
    expect(authorDigest?.subject).toBe(digestSubject(AUTHOR_PROGRESS(topic).length));
    for (const news of ['Payment received', 'Editing has started', 'Cover design is finished', 'Your books are being printed', 'is complete']) expect(authorDigest?.text).toContain(news);
    const [teamDigest] = await eventually(() => digestsTo(atOnce.member.email), (found) => found.length > 0, 15_000);
    expect(teamDigest?.subject).toBe(digestSubject(TEAM_NEWS.length));

    // A second round has nothing left: each digest arrived once, and nobody with nothing kept got one.
    expect(await digest(people)).toEqual({ digests: 0, items: 0 });
    expect(await digestsTo(byDefault.writer.email)).toHaveLength(1);
    expect(await digestsTo(atOnce.member.email)).toHaveLength(1);
    for (const address of [atOnce.writer.email, off.writer.email, off.member.email, byDefault.member.email]) expect(await digestsTo(address)).toEqual([]);
    expect((await mailTo(byDefault.writer.email)).length).toBe(6);
  }, 300_000);
});
