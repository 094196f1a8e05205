import { randomUUID } from 'node:crypto';
import { WorkflowNotFoundError } from '@temporalio/client';
import { afterAll, describe, expect, it } from 'vitest';
import { EliteProjectDetails, Payment } from '../../../../libs/db/index.ts';
import { ELITE_DESCRIPTION_MAX, EliteDetailsMessages, InputMessages, mailWorkflowId, PRODUCTS } from '../../../../libs/domain/index.ts';
import { eventually, testConfig } from '../../../../testing/index.ts';
import { mailTo, waitForMail } from '../../../../testing/mail-inbox.ts';
import { sql } from '../../../../testing/sql.ts';
import { insertPayment, type TestPayment } from '../../../../testing/purchases.ts';
import { apiClient, serveWithWorker } from '../../../../testing/test-server.ts';

// A task queue of this file's own: the mail workflows these forms start run on this file's worker.
const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', TEMPORAL_TASK_QUEUE: `elite-${randomUUID()}` });
const served = serveWithWorker(config);
const { call, signUpAccount } = apiClient(() => served.url);
// The Elite requests these forms open wait for the team for days; this file's runs end with it.
afterAll(async () => {
  const runs = served.engine.client.workflow.list({ query: `TaskQueue = '${config.TEMPORAL_TASK_QUEUE}' AND ExecutionStatus = 'Running'` });
  for await (const run of runs) await served.engine.client.workflow.getHandle(run.workflowId, run.runId).terminate('the test file ended').catch(() => undefined);
});

const details = (overrides: Record<string, unknown> = {}) => ({
  name: 'Grace Author',
  email: `elite-${randomUUID()}@example.com`,
  bookTopic: `Clinical trials explained ${randomUUID().slice(0, 8)}`,
  bookDescription: 'A plain-language guide to how clinical trials work, for patients and their families.',
  timeline: '2-weeks',
  additionalNotes: 'Two bound copies to our office, please.',
  ...overrides,
});

/** A paid (by default) purchase; its Checkout Session id. */
async function purchase(payment: TestPayment): Promise<{ id: string; sessionId: string }> {
  const id = await insertPayment(config.DATABASE_URL, payment);
  const row = await served.engine.deps.orm.em.fork().findOneOrFail(Payment, { id });
  return { id, sessionId: row.stripeSessionId };
}

const rowsOf = (filter: Record<string, unknown>) => served.engine.deps.orm.em.fork().find(EliteProjectDetails, filter);
const submit = (body: Record<string, unknown>, token?: string) => call('POST', '/elite/project-details', body, token);

describe('POST /api/elite/project-details: the form', () => {
  it("answers missing fields with 422 in the form's words, every field in details", async () => {
    const { token } = await signUpAccount();
    const answer = await submit({}, token);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(EliteDetailsMessages.nameRequired);
    expect(answer.body.details).toEqual([
      { field: 'name', messages: [EliteDetailsMessages.nameRequired] },
      { field: 'email', messages: [EliteDetailsMessages.emailRequired] },
      { field: 'bookTopic', messages: [EliteDetailsMessages.topicRequired] },
      { field: 'bookDescription', messages: [EliteDetailsMessages.descriptionRequired] },
    ]);
  });

  it.each([
    ['a bad e-mail', { email: 'grace@nowhere' }, EliteDetailsMessages.emailInvalid],
    ['a blank topic', { bookTopic: '   ' }, EliteDetailsMessages.topicRequired],
    ['a description over 2000 characters', { bookDescription: 'x'.repeat(ELITE_DESCRIPTION_MAX + 1) }, EliteDetailsMessages.descriptionTooLong],
  ])('answers %s with 422', async (_case, overrides, message) => {
    const { token } = await signUpAccount();
    const answer = await submit(details(overrides), token);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(message);
  });

  it.each([
    ['a long name', { name: 'x'.repeat(256) }, 'name must be 255 characters or less'],
    ['a long timeline', { timeline: 'x'.repeat(101) }, 'timeline must be 100 characters or less'],
    ['long notes', { additionalNotes: 'x'.repeat(5001) }, 'additionalNotes must be 5000 characters or less'],
    ['a name that is not text', { name: 42 }, 'name must be a string'],
    ['a NUL character', { bookDescription: 'a\u0000b' }, InputMessages.nulCharacter('bookDescription')],
  ])('answers %s with 400', async (_case, overrides, message) => {
    const { token } = await signUpAccount();
    const answer = await submit(details(overrides), token);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });

  it('takes a description of exactly 2000 characters', async () => {
    const buyer = await signUpAccount();
    await purchase({ userId: buyer.id, productId: PRODUCTS.eliteService.id });
    expect((await submit(details({ bookDescription: 'x'.repeat(ELITE_DESCRIPTION_MAX) }), buyer.token)).status).toBe(201);
  });
});

describe('POST /api/elite/project-details: the payment', () => {
  it('needs a paid Elite payment', async () => {
    const buyer = await signUpAccount();
    const refusals = [
      await submit(details(), buyer.token),
      await submit(details()),
      await submit(details({ sessionId: `cs_test_${randomUUID()}` })),
    ];
    // A generator purchase, an Elite checkout not paid: neither is an Elite purchase.
    await purchase({ userId: buyer.id, productId: PRODUCTS.aiBookGenerator.id });
    const unpaid = await purchase({ userId: buyer.id, productId: PRODUCTS.eliteService.id, status: 'pending' });
    refusals.push(await submit(details(), buyer.token), await submit(details({ sessionId: unpaid.sessionId })));
    for (const answer of refusals) {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe(EliteDetailsMessages.noElitePayment);
    }
    expect(await rowsOf({ user: buyer.id })).toHaveLength(0);
  });

  it("refuses an account's session to another account and to a signed-out visitor; its own account sends the details", async () => {
    const owner = await signUpAccount();
    const other = await signUpAccount();
    const paid = await purchase({ userId: owner.id, email: `owner-${randomUUID()}@example.com`, productId: PRODUCTS.eliteService.id });
    const refused = await submit(details({ sessionId: paid.sessionId }), other.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(EliteDetailsMessages.noElitePayment);

    // The session id is in /success's address: knowing it does not make a visitor the buyer.
    const signedOut = await submit(details({ sessionId: paid.sessionId }));
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.message).toBe(EliteDetailsMessages.signInRequired);
    expect(await rowsOf({ payment: paid.id })).toHaveLength(0);

    const own = await submit(details({ sessionId: paid.sessionId }), owner.token);
    expect(own.status).toBe(201);
    const [row] = await rowsOf({ id: own.body.id });
    expect(row?.payment.id).toBe(paid.id);
    expect(row?.user?.id).toBe(owner.id);
  });

  it("mails a signed-out buyer's confirmation to the address they paid with, never to the one typed in the form", async () => {
    const checkoutEmail = `guest-${randomUUID()}@example.com`;
    const paid = await purchase({ userId: null, email: checkoutEmail, productId: PRODUCTS.eliteService.id });
    const sent = details({ sessionId: paid.sessionId, email: `stranger-${randomUUID()}@example.com`, bookTopic: `Click http://phish.example now ${randomUUID().slice(0, 8)}` });
    const answer = await submit(sent);
    expect(answer.status).toBe(201);
    expect(await served.engine.client.workflow.getHandle(mailWorkflowId('elite-details', answer.body.id as string)).result()).toEqual({ sent: 2 });
    expect((await mailTo(checkoutEmail)).map((m) => m.subject)).toEqual([`Your Elite Service project: ${sent.bookTopic}`]);
    expect(await mailTo(sent.email)).toEqual([]);
    // The team is told, and its reply goes to the buyer.
    const [notice] = (await mailTo(config.SUPPORT_EMAIL)).filter((m) => m.subject.includes(sent.bookTopic));
    expect(notice?.text).toContain(`${sent.name} <${checkoutEmail}>`);
  });

  it('ties a signed-out purchase to the session it names', async () => {
    const checkoutEmail = `guest-${randomUUID()}@example.com`;
    const paid = await purchase({ userId: null, email: checkoutEmail, productId: PRODUCTS.eliteService.id });
    const answer = await submit(details({ sessionId: paid.sessionId }));
    expect(answer.status).toBe(201);
    const [row] = await rowsOf({ id: answer.body.id });
    expect(row?.user).toBeNull();
    expect(row?.hidden.customerEmail).toBe(checkoutEmail);
  });

  it("opens the signed-out buyer's request once their verified account claims the purchase", async () => {
    const checkoutEmail = `guest-${randomUUID()}@example.com`;
    const paid = await purchase({ userId: null, email: checkoutEmail, productId: PRODUCTS.eliteService.id });
    const sent = details({ sessionId: paid.sessionId });
    const answer = await submit(sent);
    expect(answer.status).toBe(201);
    const signUp = await call('POST', '/auth/signup', { email: checkoutEmail, password: 'a sturdy passphrase' });
    const requests = async (token: string) => (await call('GET', '/elite-requests', undefined, token)).body as unknown as { topic: string; prepaid: boolean; status: string; user_email: string }[];
    // Unverified, the account claims nothing; verified, its next sign-in opens the request the details asked for.
    expect(await requests(signUp.body.access_token as string)).toEqual([]);
    await sql(config.DATABASE_URL, 'update users set email_verified = true where id = $1', [(signUp.body.user as { id: string }).id]);
    const signIn = await call('POST', '/auth/token?grant_type=password', { email: checkoutEmail, password: 'a sturdy passphrase' });
    const opened = await requests(signIn.body.access_token as string);
    // The request is the buyer's: it carries the address they paid with, not the one typed in the form.
    expect(opened).toEqual([expect.objectContaining({ topic: sent.bookTopic, prepaid: true, status: 'in_production', user_email: checkoutEmail })]);
    expect(await served.engine.client.workflow.getHandle(mailWorkflowId('elite-details', answer.body.id as string)).result()).toEqual({ sent: 2 });
    expect(await mailTo(sent.email)).toEqual([]);
    // A later sign-in opens no second request.
    const again = await call('POST', '/auth/token?grant_type=password', { email: checkoutEmail, password: 'a sturdy passphrase' });
    expect(await requests(again.body.access_token as string)).toHaveLength(1);
  });
});

describe('POST /api/elite/project-details: stored and mailed', () => {
  it('stores the details with hidden fields computed on the server and mails the buyer and support once each', async () => {
    const buyer = await signUpAccount();
    const checkoutEmail = `checkout-${randomUUID()}@example.com`;
    await purchase({ userId: buyer.id, email: `older-${randomUUID()}@example.com`, productId: PRODUCTS.eliteService.id, paidAt: new Date(Date.now() - 86_400_000) });
    const latest = await purchase({ userId: buyer.id, email: checkoutEmail, productId: PRODUCTS.eliteService.id });
    // Whatever address the form names, only the buyer's own hears of what they wrote.
    const sent = details({ email: `stranger-${randomUUID()}@example.com`, bookDescription: '  Five words in this description.  ', hidden: { price: '$1', paymentStatus: 'paid', formVersion: '9' } });

    const answer = await submit(sent, buyer.token);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ id: expect.any(String), message: EliteDetailsMessages.submitted });

    const [row] = await rowsOf({ id: answer.body.id });
    expect(row).toMatchObject({ name: sent.name, email: sent.email, bookTopic: sent.bookTopic, bookDescription: 'Five words in this description.', timeline: '2-weeks', additionalNotes: sent.additionalNotes });
    expect(row?.payment.id).toBe(latest.id);
    expect(row?.user?.id).toBe(buyer.id);
    expect(row?.hidden).toEqual({
      formName: 'elite-project-details',
      subject: `Elite Service project details: ${sent.bookTopic}`,
      serviceType: 'Elite Service',
      paymentStatus: 'paid',
      submittedAt: row?.createdAt.toISOString(),
      customerEmail: checkoutEmail,
      projectSummary: `${sent.bookTopic}: Five words in this description.`,
      wordCount: '5',
      formVersion: '2.0',
      price: '$499',
    });

    const [confirmation] = await waitForMail(checkoutEmail);
    expect(confirmation?.subject).toBe(`Your Elite Service project: ${sent.bookTopic}`);
    const notices = await eventually(
      async () => (await mailTo(config.SUPPORT_EMAIL)).filter((m) => m.subject.includes(sent.bookTopic)),
      (found) => found.length >= 1,
    );
    expect(notices.map((m) => m.subject)).toEqual([`Elite Service project details from ${sent.name}: ${sent.bookTopic}`]);
    expect(await served.engine.client.workflow.getHandle(mailWorkflowId('elite-details', answer.body.id as string)).result()).toEqual({ sent: 2 });
    // The buyer hears of the details once, and once of the Elite request they opened (its own workflow's mail).
    const toBuyer = await eventually(
      () => mailTo(checkoutEmail),
      (found) => found.length >= 2,
    );
    expect(toBuyer.map((m) => m.subject).sort()).toEqual([`We received your Elite Service request: ${sent.bookTopic}`, `Your Elite Service project: ${sent.bookTopic}`]);
    const [request] = (await call('GET', '/elite-requests', undefined, buyer.token)).body as unknown as { user_email: string }[];
    expect(request?.user_email).toBe(checkoutEmail);
    expect(await mailTo(sent.email)).toEqual([]);
  });

  it('answers a filled honeypot like a success, but stores and sends nothing', async () => {
    const buyer = await signUpAccount();
    await purchase({ userId: buyer.id, productId: PRODUCTS.eliteService.id });
    const answer = await submit(details({ botField: 'https://spam.example' }), buyer.token);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ id: expect.any(String), message: EliteDetailsMessages.submitted });
    expect(await rowsOf({ id: answer.body.id })).toHaveLength(0);
    expect(await rowsOf({ user: buyer.id })).toHaveLength(0);
    await expect(served.engine.client.workflow.getHandle(mailWorkflowId('elite-details', answer.body.id as string)).describe()).rejects.toBeInstanceOf(WorkflowNotFoundError);
    // Even a bot without a purchase or valid fields hears the same.
    expect((await submit({ botField: 'x' })).status).toBe(201);
  });
});
