import { describe, expect, it } from 'vitest';
import type { SavedAddressView } from '../../../../libs/contracts/index.ts';
import { AddressBookMessages, AddressMessages, MAX_SAVED_ADDRESSES, PrintMessages, printOrderWorkflowId, type ShippingAddress } from '../../../../libs/domain/index.ts';
import { eventually } from '../../../../testing/index.ts';
import { ADDRESS, orderBody, printApiStack, quote, withAddress } from '../../../../testing/print-api.ts';
import { paidSignal } from '../../../../workflows/print-order/messages.ts';

// Addresses checked where they are typed (issue 31): the one rule at the API's door as field errors, the author's
// address book, and corrections of an order's address until it is submitted to the printer.
const { served, config, call, signUpAccount, signUpAs, savedBook } = await printApiStack();

const PORTLAND: ShippingAddress = { name: 'Ada Writer', address_line1: '1 Congress Street', city: 'Portland', state: 'ME', postcode: '04101', country: 'US', phone: '(207) 555-0134' };
const TORONTO: ShippingAddress = { name: 'Ada Writer', address_line1: '100 Queen St W', city: 'Toronto', state: 'ON', postcode: 'M5H 2N2', country: 'CA', phone: '416-555-0199' };
const details = (body: Record<string, unknown>) => body.details as { field: string; messages: string[] }[];

describe('addresses checked at the API', () => {
  it('refuses ZIP "0410" and phone "207" on their fields with a 400, as the portal reads them', async () => {
    const { token } = await signUpAccount();
    const answer = await call('POST', '/print/calculate', withAddress({ postcode: '0410', phone: '207' }), token);
    expect(answer.status).toBe(400);
    expect(details(answer.body)).toEqual(
      expect.arrayContaining([
        { field: 'shipping_address.postcode', messages: [AddressMessages.postcodeInvalid('US')] },
        { field: 'shipping_address.phone', messages: [AddressMessages.phoneForCountry('US')] },
      ]),
    );
  });

  it('checks each country by its own rules: a Canadian province and postal code, a German one without a state', async () => {
    const { token } = await signUpAccount();
    expect((await call('POST', '/print/calculate', quote({ shipping_address: TORONTO }), token)).status).toBe(200);
    const wrongProvince = await call('POST', '/print/calculate', quote({ shipping_address: { ...TORONTO, state: 'ME', postcode: '04101' } }), token);
    expect(wrongProvince.status).toBe(400);
    expect(details(wrongProvince.body).map((d) => d.field).sort()).toEqual(['shipping_address.postcode', 'shipping_address.state']);
    const berlin = { name: 'Ada Writer', address_line1: 'Unter den Linden 1', city: 'Berlin', postcode: '10117', country: 'DE', phone: '030 1234567' };
    expect((await call('POST', '/print/calculate', quote({ shipping_address: berlin }), token)).status).toBe(200);
  });
});

describe('the address book (/api/addresses)', () => {
  it('keeps an author’s addresses, newest first, each once, and deletes them', async () => {
    const { token } = await signUpAccount();
    expect(await call('GET', '/addresses', undefined, token)).toMatchObject({ status: 200, body: [] });
    const first = await call('POST', '/addresses', { shipping_address: PORTLAND }, token);
    expect(first).toMatchObject({ status: 201, body: { address: PORTLAND } });
    const second = await call('POST', '/addresses', { shipping_address: { ...TORONTO, name: '  Ada Writer ' } }, token);
    expect(second).toMatchObject({ status: 201, body: { address: TORONTO } });
    // The same address again is the one already kept.
    expect(await call('POST', '/addresses', { shipping_address: PORTLAND }, token)).toMatchObject({ status: 200, body: { id: first.body.id } });
    const listed = (await call('GET', '/addresses', undefined, token)).body as unknown as SavedAddressView[];
    expect(listed.map((row) => row.id)).toEqual([second.body.id, first.body.id]);

    expect((await call('DELETE', `/addresses/${first.body.id as string}`, undefined, token)).status).toBe(204);
    expect(((await call('GET', '/addresses', undefined, token)).body as unknown as SavedAddressView[]).map((row) => row.id)).toEqual([second.body.id]);
    expect(await call('DELETE', `/addresses/${first.body.id as string}`, undefined, token)).toMatchObject({ status: 404, body: { message: AddressBookMessages.notFound } });
  });

  it('refuses an address the rule refuses, with its field errors, and saves nothing', async () => {
    const { token } = await signUpAccount();
    const answer = await call('POST', '/addresses', { shipping_address: { ...PORTLAND, postcode: '041' } }, token);
    expect(answer).toMatchObject({ status: 400, body: { message: AddressMessages.postcodeInvalid('US') } });
    expect(details(answer.body)).toEqual([{ field: 'shipping_address.postcode', messages: [AddressMessages.postcodeInvalid('US')] }]);
    expect(await call('POST', '/addresses', {}, token)).toMatchObject({ status: 400, body: { message: PrintMessages.missingInformation } });
    expect((await call('GET', '/addresses', undefined, token)).body).toEqual([]);
  });

  it("shows no author another's addresses: theirs is not found, and signed out there is no book", async () => {
    const owner = await signUpAccount();
    const other = await signUpAccount();
    const saved = await call('POST', '/addresses', { shipping_address: PORTLAND }, owner.token);
    expect((await call('GET', '/addresses', undefined, other.token)).body).toEqual([]);
    expect(await call('DELETE', `/addresses/${saved.body.id as string}`, undefined, other.token)).toMatchObject({ status: 404, body: { message: AddressBookMessages.notFound } });
    expect(await call('DELETE', '/addresses/not-a-uuid', undefined, other.token)).toMatchObject({ status: 404 });
    expect((await call('GET', '/addresses', undefined, owner.token)).body).toHaveLength(1);
    expect((await call('GET', '/addresses')).status).toBe(401);
    expect((await call('POST', '/addresses', { shipping_address: PORTLAND })).status).toBe(401);
  });

  it(`keeps at most ${MAX_SAVED_ADDRESSES} addresses`, async () => {
    const { token } = await signUpAccount();
    for (let n = 0; n < MAX_SAVED_ADDRESSES; n++) {
      expect((await call('POST', '/addresses', { shipping_address: { ...PORTLAND, address_line1: `${n + 1} Congress Street` } }, token)).status).toBe(201);
    }
    expect(await call('POST', '/addresses', { shipping_address: TORONTO }, token)).toMatchObject({ status: 409, body: { message: AddressBookMessages.full } });
  });
});

describe("correcting an order's address until it is submitted", () => {
  it('the author and the team correct it through its run while it waits for payment; once at the printer it is refused', async () => {
    const author = await signUpAccount();
    const bookId = await savedBook(author.id);
    const placed = await call('POST', '/print/orders', orderBody(bookId), author.token);
    expect(placed.status).toBe(201);
    const orderId = placed.body.order_id as string;
    await eventually(() => call('GET', `/print/orders/${orderId}`, undefined, author.token), (r) => r.body.order_status === 'unpaid', 60_000);

    const corrected = { ...ADDRESS, address_line1: '2 Main Street', postcode: '62704' };
    const byAuthor = await call('POST', `/print/orders/${orderId}/shipping-address`, { shipping_address: corrected }, author.token);
    expect(byAuthor).toMatchObject({ status: 200, body: { shipping_address: corrected } });
    expect((byAuthor.body.history as { note?: string }[]).at(-1)?.note).toMatch(/^Shipping address corrected by the author/);

    // The rule and the country are checked first; another author's order is not found.
    const bad = await call('POST', `/print/orders/${orderId}/shipping-address`, { shipping_address: { ...corrected, postcode: '627' } }, author.token);
    expect(bad.status).toBe(400);
    expect(details(bad.body)).toEqual([{ field: 'shipping_address.postcode', messages: [AddressMessages.postcodeInvalid('US')] }]);
    const abroad = await call('POST', `/print/orders/${orderId}/shipping-address`, { shipping_address: TORONTO }, author.token);
    expect(abroad).toMatchObject({ status: 400, body: { message: AddressBookMessages.sameCountry('US') } });
    const stranger = await signUpAccount();
    expect((await call('POST', `/print/orders/${orderId}/shipping-address`, { shipping_address: corrected }, stranger.token)).status).toBe(404);
    expect((await call('POST', `/admin/print-orders/${orderId}/shipping-address`, { shipping_address: corrected }, stranger.token)).status).toBe(403);

    const team = await signUpAs('elite_team', config.DATABASE_URL);
    const byTeam = await call('POST', `/admin/print-orders/${orderId}/shipping-address`, { shipping_address: PORTLAND }, team);
    expect(byTeam).toMatchObject({ status: 200, body: { shipping_address: PORTLAND } });

    await served.engine.client.workflow.getHandle(printOrderWorkflowId(orderId)).signal(paidSignal, { sessionId: `cs_test_${orderId}` });
    const submitted = await eventually(
      () => call('GET', `/print/orders/${orderId}`, undefined, author.token),
      (r) => !['unpaid', 'paid'].includes(r.body.order_status as string),
      60_000,
    );
    expect(submitted.body).toMatchObject({ order_status: 'submitted', shipping_address: PORTLAND });
    expect(await call('POST', `/print/orders/${orderId}/shipping-address`, { shipping_address: corrected }, author.token)).toMatchObject({
      status: 409,
      body: { message: AddressBookMessages.changeRefused },
    });
    expect(await call('POST', `/admin/print-orders/${orderId}/shipping-address`, { shipping_address: corrected }, team)).toMatchObject({
      status: 409,
      body: { message: AddressBookMessages.changeRefused },
    });
    expect((await call('GET', `/print/orders/${orderId}`, undefined, author.token)).body.shipping_address).toEqual(PORTLAND);
  });
});
