import { WorkflowUpdateFailedError } from '@temporalio/client';
import { describe, expect, it } from 'vitest';
import { EliteRequest, PrintOrder } from '../../libs/db/index.ts';
import { AddressBookMessages, AddressMessages, DEFAULT_POD_PACKAGE_ID, innermostMessage, printOrderWorkflowId, type ShippingAddress } from '../../libs/domain/index.ts';
import { act, insertEliteRequest, newEliteActor, quoteAndPay, startEliteRequest } from '../../testing/elite-requests.ts';
import { eventually } from '../../testing/index.ts';
import { orderReaching, printStackForFile, TEST_ADDRESS } from '../../testing/print-orders.ts';
import { insertSavedBook } from '../../testing/saved-books.ts';
import { changeAddressUpdate } from '../print-order/messages.ts';
import { changeEliteAddressUpdate } from './address-messages.ts';

// Correcting where an Elite request's copies go (issue 31): the request's run takes corrections from the proof's
// approval until printing starts; the print order's run then takes them until its job is at the printer.
const stack = printStackForFile('elite-address');
const orm = () => stack.engine.deps.orm;
const PORTLAND: ShippingAddress = { name: 'Ada Writer', address_line1: '1 Congress Street', city: 'Portland', state: 'ME', postcode: '04101', country: 'US', phone: '(207) 555-0134' };

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
    const team = await newEliteActor(orm(), 'team');
    const requestId = await insertEliteRequest(orm(), author, { bookProjectId: await insertSavedBook(stack.engine.deps, author.id) });
    const handle = await startEliteRequest(stack, requestId, { prepaid: false, bookReady: true });
    await quoteAndPay(orm(), handle, requestId, author, team);
    for (const step of ['editing', 'cover_design'] as const) {
      await act(handle, team, { action: 'start_step', step });
      await act(handle, team, { action: 'finish_step', step });
    }
    await act(handle, team, { action: 'send_proof', note: 'First proof' });
    const change = (address: ShippingAddress, role: 'author' | 'team' = 'author') =>
      handle.executeUpdate(changeEliteAddressUpdate, { args: [{ address, by: { id: role === 'author' ? author.id : team.id, role } }] });

    expect(await refusal(change(PORTLAND))).toBe(AddressBookMessages.noAddressYet);
    await act(handle, author, { action: 'approve_proof', shippingAddress: { ...PORTLAND, postcode: '041' } }).then(
      () => expect.fail('the 041 of issue 31 was taken'),
      (error: unknown) => expect(innermostMessage(error)).toContain(AddressMessages.postcodeInvalid('US')),
    );
    await act(handle, author, { action: 'approve_proof', shippingAddress: TEST_ADDRESS });

    await change(PORTLAND);
    expect((await orm().em.fork().findOneOrFail(EliteRequest, { id: requestId })).shippingAddress).toEqual(PORTLAND);
    expect(await refusal(change({ ...PORTLAND, phone: '207' }, 'team'))).toBe(AddressMessages.phoneForCountry('US'));
    const byTeam = { ...PORTLAND, address_line1: '2 Congress Street' };
    await change(byTeam, 'team');
    expect((await orm().em.fork().findOneOrFail(EliteRequest, { id: requestId })).shippingAddress).toEqual(byTeam);

    const printing = await act(handle, team, { action: 'start_printing', podPackageId: DEFAULT_POD_PACKAGE_ID, shippingLevel: 'MAIL' });
    expect(await refusal(change(PORTLAND))).toBe(AddressBookMessages.changeRefused);
    const orderId = printing.printOrderId as string;
    const order = await eventually(() => orm().em.fork().findOne(PrintOrder, { id: orderId }), (row) => row !== null);
    expect(order?.shippingAddress).toEqual(byTeam);

    // At the printer the order's own run refuses too.
    await orderReaching(orm(), orderId, 'submitted', 60_000);
    const orderRun = stack.engine.client.workflow.getHandle(printOrderWorkflowId(orderId));
    expect(await refusal(orderRun.executeUpdate(changeAddressUpdate, { args: [{ address: PORTLAND, by: { id: team.id, role: 'team' } }] }))).toBe(AddressBookMessages.changeRefused);
    expect((await orm().em.fork().findOneOrFail(PrintOrder, { id: orderId })).shippingAddress).toEqual(byTeam);
  });
});
