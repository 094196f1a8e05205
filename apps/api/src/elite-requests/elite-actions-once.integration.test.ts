import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EliteRequestView } from '../../../../libs/contracts/index.ts';
import { EliteQuote, EliteRequest, EliteRequestEvent, User } from '../../../../libs/db/index.ts';
import { EliteMessages, EliteRefusals, IDEMPOTENCY_HEADER, IdempotencyMessages } from '../../../../libs/domain/index.ts';
import { eliteRequestForm as modal, endRunsOn } from '../../../../testing/elite-request-forms.ts';
import { eventually, testConfig } from '../../../../testing/index.ts';
import { mailTo, waitForSubject } from '../../../../testing/mail-inbox.ts';
import { insertSavedBook } from '../../../../testing/saved-books.ts';
import { apiClient, serveWithWorker } from '../../../../testing/test-server.ts';

// Actions answer at once and are done once (issue 31): the API answers when the request's run has taken an action (its
// validator accepted it), and an action sent twice with the same Idempotency-Key is done once.

const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', FORMS_RATE_LIMIT_PER_HOUR: '10000', TEMPORAL_TASK_QUEUE: `elite-once-${randomUUID()}` });
const served = serveWithWorker(config);
const { call, signUpAccount } = apiClient(() => served.url);
const em = () => served.engine.deps.orm.em.fork();
afterAll(() => endRunsOn(served.engine.client, config.TEMPORAL_TASK_QUEUE));

const keyed = (key: string) => ({ [IDEMPOTENCY_HEADER]: key });
const QUOTE = { amount: 750, copies: 10, timeline: 'Three weeks', includes: ['Editing', 'Cover design'], message: 'Here is our quote.' };
const QUOTE_SUBJECT = 'Your Elite Service quote';

let team: { token: string };
beforeAll(async () => {
  const account = await signUpAccount();
  await em().getConnection().execute('update profiles set role = ? where id = ?', ['elite_team', account.id]);
  team = account;
});

async function author() {
  const { token, id } = await signUpAccount();
  const { email } = await em().findOneOrFail(User, id);
  return { token, id, email: email as string, bookId: await insertSavedBook(served.engine.deps, id) };
}

async function opened() {
  const who = await author();
  const { status, body } = await call('POST', '/elite-requests', modal(who.bookId), who.token);
  expect(status).toBe(201);
  return { who, id: (body as unknown as EliteRequestView).id };
}

const eventsOf = (requestId: string, kind: string) => em().count(EliteRequestEvent, { request: requestId, kind: kind as EliteRequestEvent['kind'] });
const view = (requestId: string, token: string) => call('GET', `/elite-requests/${requestId}`, undefined, token).then((r) => r.body as unknown as EliteRequestView);
/** The request once its view reached `status` (an answer `working` said the run was still carrying the action out). */
const reaching = (requestId: string, token: string, status: EliteRequestView['status']) => eventually(() => view(requestId, token), (v) => v.status === status, 15_000);

describe('the Idempotency-Key header', () => {
  it('refuses a malformed key with 400 in the house words, and creates nothing', async () => {
    const who = await author();
    for (const bad of ['short', 'has spaces in it', 'x'.repeat(101), 'ünïcode-key-1234']) {
      const answer = await call('POST', '/elite-requests', modal(who.bookId), who.token, keyed(bad));
      expect([bad, answer.status, answer.body.message]).toEqual([bad, 400, IdempotencyMessages.invalid]);
    }
    expect(await em().count(EliteRequest, { user: who.id })).toBe(0);
  });

  it('opens one request for a submission sent twice with the same key, and answers the repeat as the first', async () => {
    const who = await author();
    const key = randomUUID();
    const first = await call('POST', '/elite-requests', modal(who.bookId), who.token, keyed(key));
    const again = await call('POST', '/elite-requests', modal(who.bookId), who.token, keyed(key));
    expect(first.status).toBe(201);
    expect(again).toMatchObject({ status: 201, body: { id: first.body.id } });
    expect(await em().count(EliteRequest, { user: who.id })).toBe(1);
    // Another intent (a new key) is a second submission, refused by the rule of one open request per book.
    expect(await call('POST', '/elite-requests', modal(who.bookId), who.token, keyed(randomUUID()))).toMatchObject({ status: 409, body: { message: EliteMessages.alreadyOpen } });
    // The key is the caller's: another account using it opens its own request.
    const other = await author();
    const theirs = await call('POST', '/elite-requests', modal(other.bookId), other.token, keyed(key));
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(first.body.id);
  });
});

describe("the team's and the author's actions", () => {
  it('sends a quote once when it is sent twice with the same key (one quote, one event, one mail); a new key sends another', async () => {
    const { who, id } = await opened();
    const key = randomUUID();
    const [first, again] = [await call('POST', `/admin/elite-requests/${id}/quote`, QUOTE, team.token, keyed(key)), await call('POST', `/admin/elite-requests/${id}/quote`, QUOTE, team.token, keyed(key))];
    expect([first.status, again.status]).toEqual([200, 200]);
    await reaching(id, who.token, 'quoted');
    await waitForSubject(who.email, QUOTE_SUBJECT);
    await eventually(() => eventsOf(id, 'quote_sent'), (n) => n >= 1);
    expect(await eventsOf(id, 'quote_sent')).toBe(1);
    expect(await em().count(EliteQuote, { request: id })).toBe(1);

    const other = await call('POST', `/admin/elite-requests/${id}/quote`, { ...QUOTE, amount: 800 }, team.token, keyed(randomUUID()));
    expect(other.status).toBe(200);
    expect(await eventually(() => eventsOf(id, 'quote_sent'), (n) => n >= 2)).toBe(2);
    expect(await eventually(() => em().count(EliteQuote, { request: id }), (n) => n >= 2)).toBe(2);
    const quoteMails = await eventually(
      async () => (await mailTo(who.email)).filter((mail) => mail.subject.startsWith(QUOTE_SUBJECT)),
      (mails) => mails.length >= 2,
    );
    expect(quoteMails).toHaveLength(2);
  });

  it("answers the author's accept once the run took it, converges on the checkout, and does it once for a repeated key", async () => {
    const { who, id } = await opened();
    await call('POST', `/admin/elite-requests/${id}/quote`, QUOTE, team.token, keyed(randomUUID()));
    await reaching(id, who.token, 'quoted');
    const key = randomUUID();
    const first = await call('POST', `/elite-requests/${id}/accept`, undefined, who.token, keyed(key));
    expect(first.status).toBe(200);
    // Done within the answer's short wait, or still being done: either way the request converges on its checkout.
    if (first.body.checkout_url === null) expect(first.body.working).toBe(true);
    const awaiting = await reaching(id, who.token, 'awaiting_payment');
    await eventually(() => view(id, who.token), (v) => v.checkout_url !== null);
    const settled = await view(id, who.token);
    if (first.body.checkout_url !== null) expect(first.body.checkout_url).toBe(settled.checkout_url);
    expect(awaiting.quote?.status).toBe('accepted');

    // The same click sent again is the same action: answered, not refused, and nothing happens twice.
    const again = await call('POST', `/elite-requests/${id}/accept`, undefined, who.token, keyed(key));
    expect(again).toMatchObject({ status: 200, body: { checkout_url: settled.checkout_url } });
    expect(await eventsOf(id, 'quote_accepted')).toBe(1);
    // A new intent is refused in the workflow's words.
    expect(await call('POST', `/elite-requests/${id}/accept`, undefined, who.token, keyed(randomUUID()))).toMatchObject({ status: 409, body: { message: EliteRefusals.decide } });
  });

  it('cancels once for a cancel sent twice with the same key; a refusal stays a 409 with its words', async () => {
    const { who, id } = await opened();
    const key = randomUUID();
    const answers = await Promise.all([1, 2].map(() => call('POST', `/elite-requests/${id}/cancel`, { reason: 'Changed my mind' }, who.token, keyed(key))));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    await reaching(id, who.token, 'cancelled');
    await eventually(() => eventsOf(id, 'cancelled'), (n) => n >= 1);
    expect(await eventsOf(id, 'cancelled')).toBe(1);
    expect(await call('POST', `/elite-requests/${id}/cancel`, { reason: 'Again' }, who.token, keyed(randomUUID()))).toMatchObject({ status: 409, body: { message: EliteRefusals.final('cancelled') } });
    // Receipt is the author's word on shipped books only.
    expect(await call('POST', `/elite-requests/${id}/receipt`, undefined, who.token)).toMatchObject({ status: 409 });
  });
});
