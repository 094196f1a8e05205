import { WorkflowUpdateFailedError } from '@temporalio/client';
import { describe, expect, it } from 'vitest';
import { EliteRequest, PrintOrder } from '../../libs/db/index.ts';
import { AddressBookMessages, AddressMessages, innermostMessage, printOrderWorkflowId, type ShippingAddress } from '../../libs/domain/index.ts';
import { eliteRequestAtProof, holdPrintOrderFilesCheck, PORTLAND, startElitePrinting } from '../../testing/elite-addresses.ts';
import { act, newEliteActor, stateReaching } from '../../testing/elite-requests.ts';
import { eventually } from '../../testing/index.ts';
import { orderReaching, printStackForFile, TEST_ADDRESS } from '../../testing/print-orders.ts';
import { changeAddressUpdate, refreshSignal } from '../print-order/messages.ts';
import { changeEliteAddressUpdate } from './address-messages.ts';

// Correcting where an Elite request's copies go (issue 31): the request's run takes corrections from the proof's
// approval until printing starts; the print order's run then takes them until its job is at the printer.
const stack = printStackForFile('elite-address');
const orm = () => stack.engine.deps.orm;
const requestAddress = async (requestId: string) => (await orm().em.fork().findOneOrFail(EliteRequest, { id: requestId })).shippingAddress;

async function refusal(update: Promise<unknown>): Promise<string> {
  const error = await update.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(WorkflowUpdateFailedError);
  return innermostMessage(error);
}

describe("an Elite request's shipping address", () => {
  it('is corrected by the author and the team after approval, refused with the rule’s words, and refused once printing started', async () => {
    const author = await newEliteActor(orm(), 'author');
    const { requestId, handle, team } = await eliteRequestAtProof(stack, author);
    const change = (address: ShippingAddress, role: 'author' | 'team' = 'author') =>
      handle.executeUpdate(changeEliteAddressUpdate, { args: [{ address, by: { id: role === 'author' ? author.id : team.id, role } }] });

    expect(await refusal(change(PORTLAND))).toBe(AddressBookMessages.noAddressYet);
    await act(handle, author, { action: 'approve_proof', shippingAddress: { ...PORTLAND, postcode: '041' } }).then(
      () => expect.fail('the 041 of issue 31 was taken'),
      (error: unknown) => expect(innermostMessage(error)).toContain(AddressMessages.postcodeInvalid('US')),
    );
    await act(handle, author, { action: 'approve_proof', shippingAddress: TEST_ADDRESS });

    await change(PORTLAND);
    expect(await requestAddress(requestId)).toEqual(PORTLAND);
    expect(await refusal(change({ ...PORTLAND, phone: '207' }, 'team'))).toBe(AddressMessages.phoneForCountry('US'));
    const byTeam = { ...PORTLAND, address_line1: '2 Congress Street' };
    await change(byTeam, 'team');
    expect(await requestAddress(requestId)).toEqual(byTeam);

    const orderId = await startElitePrinting(stack, handle, team);
    expect(await refusal(change(PORTLAND))).toBe(AddressBookMessages.changeRefused);
    expect((await orm().em.fork().findOneOrFail(PrintOrder, { id: orderId })).shippingAddress).toEqual(byTeam);

    // At the printer the order's own run refuses too.
    await orderReaching(orm(), orderId, 'submitted', 60_000);
    const orderRun = stack.engine.client.workflow.getHandle(printOrderWorkflowId(orderId));
    expect(await refusal(orderRun.executeUpdate(changeAddressUpdate, { args: [{ address: PORTLAND, by: { id: team.id, role: 'team' } }] }))).toBe(AddressBookMessages.changeRefused);
    expect((await orm().em.fork().findOneOrFail(PrintOrder, { id: orderId })).shippingAddress).toEqual(byTeam);
  });

  it('corrected through its print order while printing, before the printer has the job, is the request’s address too, through shipping', async () => {
    const author = await newEliteActor(orm(), 'author');
    const { requestId, handle, team } = await eliteRequestAtProof(stack, author);
    await act(handle, author, { action: 'approve_proof', shippingAddress: TEST_ADDRESS });
    // The order's files check waits here until the correction is in: on a quick machine the job would otherwise reach the
    // printer first (the test's hold on the real MinIO client the worker shares, not a change to the product).
    const hold = holdPrintOrderFilesCheck(stack);
    try {
      const orderId = await startElitePrinting(stack, handle, team);
      const orderRun = stack.engine.client.workflow.getHandle(printOrderWorkflowId(orderId));
      await eventually(() => orm().em.fork().findOneOrFail(PrintOrder, { id: orderId }), (order) => order.orderStatus === 'validating');
      await orderRun.executeUpdate(changeAddressUpdate, { args: [{ address: PORTLAND, by: { id: author.id, role: 'author' } }] });
      hold.release();
      expect((await orm().em.fork().findOneOrFail(PrintOrder, { id: orderId })).shippingAddress).toEqual(PORTLAND);
      expect(await requestAddress(requestId)).toEqual(PORTLAND);

      // The request's own writes while it prints and once shipped keep the corrected address.
      const submitted = await orderReaching(orm(), orderId, 'submitted', 60_000);
      expect(await requestAddress(requestId)).toEqual(PORTLAND);
      stack.sim.setStatus(submitted.luluJobId as string, 'SHIPPED');
      await orderRun.signal(refreshSignal);
      expect((await stateReaching(handle, 'shipped', 60_000)).shippingAddress).toEqual(PORTLAND);
      const shipped = await eventually(() => orm().em.fork().findOneOrFail(EliteRequest, { id: requestId }), (row) => row.status === 'shipped');
      expect(shipped.shippingAddress).toEqual(PORTLAND);
    } finally {
      hold.restore();
    }
  });
});
