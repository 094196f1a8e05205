import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EliteRequestAdminView, EliteRequestView } from '../../../../libs/contracts/index.ts';
import { EliteRequest, User } from '../../../../libs/db/index.ts';
import { AddressBookMessages, AddressMessages, AuthMessages, EliteMessages, printOrderWorkflowId, type EliteActor } from '../../../../libs/domain/index.ts';
import { eliteRequestAtProof, holdPrintOrderFilesCheck, PORTLAND, startElitePrinting } from '../../../../testing/elite-addresses.ts';
import { act, insertEliteRequest } from '../../../../testing/elite-requests.ts';
import { eventually } from '../../../../testing/index.ts';
import { orderReaching, printStackForFile, TEST_ADDRESS } from '../../../../testing/print-orders.ts';
import { apiClient, serveApi } from '../../../../testing/test-server.ts';

// The author's and the team's routes that correct an Elite request's shipping address (issue 31): field errors as
// every address's 400, taken before printing, refused in the rule's words once the copies are at the printer.
const stack = printStackForFile('elite-address-api', { AUTH_RATE_LIMIT_PER_MINUTE: '1000', FORMS_RATE_LIMIT_PER_HOUR: '10000' });
const orm = () => stack.engine.deps.orm;
let api: { app: INestApplication; url: string };
const { call, signUp, signUpAccount, signUpAs } = apiClient(() => api.url);
beforeAll(async () => {
  api = await serveApi(stack.config);
});
afterAll(() => api?.app.close());

const mine = (id: string) => `/elite-requests/${id}/shipping-address`;
const teams = (id: string) => `/admin/elite-requests/${id}/shipping-address`;

/** A signed-up author whose request has its proof approved (shipped to TEST_ADDRESS), not printing yet. */
async function approved() {
  const { token, id } = await signUpAccount();
  const author: EliteActor = { id, email: (await orm().em.fork().findOneOrFail(User, id)).email as string, role: 'author' };
  const { requestId, handle, team } = await eliteRequestAtProof(stack, author);
  await act(handle, author, { action: 'approve_proof', shippingAddress: TEST_ADDRESS });
  return { token, requestId, handle, team };
}

describe("correcting an Elite request's shipping address through the API", () => {
  it('takes the author’s and the team’s corrections before printing, with field errors for a bad one, and refuses them once the copies are at the printer', async () => {
    const teamToken = await signUpAs('elite_team', stack.config.DATABASE_URL);
    const { token, requestId, handle, team } = await approved();

    for (const [path, who] of [[mine(requestId), token], [teams(requestId), teamToken]] as const) {
      const bad = await call('POST', path, { shipping_address: { ...PORTLAND, postcode: '041' } }, who);
      expect(bad).toMatchObject({ status: 400, body: { message: AddressMessages.postcodeInvalid('US') } });
      expect(bad.body.details).toContainEqual({ field: 'shipping_address.postcode', messages: [AddressMessages.postcodeInvalid('US')] });
    }
    const badPhone = await call('POST', teams(requestId), { shipping_address: { ...PORTLAND, phone: '207' } }, teamToken);
    expect(badPhone.body.details).toContainEqual({ field: 'shipping_address.phone', messages: [AddressMessages.phoneForCountry('US')] });
    expect((await orm().em.fork().findOneOrFail(EliteRequest, { id: requestId })).shippingAddress).toEqual(TEST_ADDRESS);

    const byAuthor = await call('POST', mine(requestId), { shipping_address: PORTLAND }, token);
    expect(byAuthor.status).toBe(200);
    expect((byAuthor.body as unknown as EliteRequestView).shipping_address).toEqual(PORTLAND);
    const corrected = { ...PORTLAND, address_line1: '2 Congress Street' };
    const byTeam = await call('POST', teams(requestId), { shipping_address: corrected }, teamToken);
    expect(byTeam.status).toBe(200);
    expect((byTeam.body as unknown as EliteRequestAdminView).shipping_address).toEqual(corrected);
    expect((await orm().em.fork().findOneOrFail(EliteRequest, { id: requestId })).shippingAddress).toEqual(corrected);

    // Printing starts: until the order's job is at the printer its run takes the team's correction, and the request
    // the author reads shows it; from then on neither side may change where the copies go.
    // The order's files check waits until the correction is in: on a quick machine the job would otherwise reach the
    // printer first.
    const hold = holdPrintOrderFilesCheck(stack);
    const whilePrinting = { ...PORTLAND, address_line1: '3 Congress Street' };
    let orderId: string;
    try {
      orderId = await startElitePrinting(stack, handle, team);
      await eventually(() => stack.engine.client.workflow.getHandle(printOrderWorkflowId(orderId)).describe().then(() => true, () => false), (started) => started);
      expect((await call('POST', teams(requestId), { shipping_address: whilePrinting }, teamToken)).status).toBe(200);
      expect((await call('GET', `/elite-requests/${requestId}`, undefined, token)).body).toMatchObject({ shipping_address: whilePrinting });
    } finally {
      hold.restore();
    }
    await orderReaching(orm(), orderId, 'submitted', 60_000);
    for (const [path, who] of [[mine(requestId), token], [teams(requestId), teamToken]] as const) {
      expect(await call('POST', path, { shipping_address: PORTLAND }, who)).toMatchObject({ status: 409, body: { message: AddressBookMessages.changeRefused } });
    }
    expect((await orm().em.fork().findOneOrFail(EliteRequest, { id: requestId })).shippingAddress).toEqual(whilePrinting);
  });

  it("answers another author's request as unknown (404) and closes the team's route to authors (403)", async () => {
    const { token, id } = await signUpAccount();
    const requestId = await insertEliteRequest(orm(), { id, email: (await orm().em.fork().findOneOrFail(User, id)).email as string, role: 'author' });
    const other = await signUp();
    expect(await call('POST', mine(requestId), { shipping_address: PORTLAND }, other)).toMatchObject({ status: 404, body: { message: EliteMessages.notFound } });
    for (const who of [other, token]) {
      expect(await call('POST', teams(requestId), { shipping_address: PORTLAND }, who)).toMatchObject({ status: 403, body: { message: AuthMessages.forbidden } });
    }
    expect((await orm().em.fork().findOneOrFail(EliteRequest, { id: requestId })).shippingAddress ?? null).toBeNull();
  });
});
